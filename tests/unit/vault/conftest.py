"""The vault-store contract runs against every adapter: in memory and SQLCipher on a tmp file."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from adapters.memory.fixed_clock import FixedClock
from adapters.memory.in_memory_vault_store import InMemoryVaultStore
from adapters.sqlcipher.vault.sqlcipher_vault_store import SqlcipherVaultStore
from application.ports.file_upkeep import FileUpkeep
from application.ports.vault_store import VaultStore

VaultFactory = Callable[[Path, FixedClock], VaultStore]

FACTORIES: dict[str, VaultFactory] = {
    "memory": lambda tmp_path, clock: InMemoryVaultStore(clock=clock),
    "sqlcipher": lambda tmp_path, clock: SqlcipherVaultStore(
        tmp_path / "vault.db", "v" * 32, clock=clock
    ),
}


@pytest.fixture
def clock() -> FixedClock:
    return FixedClock()


@pytest.fixture(params=sorted(FACTORIES))
def vault(
    request: pytest.FixtureRequest, tmp_path: Path, clock: FixedClock
) -> Iterator[VaultStore]:
    store = FACTORIES[request.param](tmp_path, clock)
    yield store
    store.close()


@pytest.fixture
def upkeep(vault: VaultStore) -> FileUpkeep:
    """The vault's file upkeep: on every adapter here, the store itself."""
    assert isinstance(vault, FileUpkeep)
    return vault
