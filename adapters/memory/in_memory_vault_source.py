"""Source vaults held in memory, opened by path and key like files (merge use-case tests)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import attrs

from adapters.memory.in_memory_vault_store import InMemoryVaultStore
from application.ports.vault_source import VaultSource, VaultSources
from domain.errors import InvalidInput, WrongKey
from domain.vault.blob import EncodedBlob
from domain.vault.search import SessionFilter
from domain.vault.session import StoredFile, VaultSession


class InMemoryVaultSource(VaultSource):
    def __init__(self, store: InMemoryVaultStore, description: str) -> None:
        self._store = store
        self._description = description
        self.closed = False

    @property
    def description(self) -> str:
        return self._description

    def sessions(self) -> list[VaultSession]:
        return sorted(self._store.sessions(SessionFilter(limit=0)), key=lambda s: s.uuid)

    def main_blob(self, uuid: str) -> EncodedBlob:
        return self._store.main_blob(uuid)

    def files(self, uuid: str) -> Iterator[StoredFile]:
        return self._store.files(uuid)

    def close(self) -> None:
        self.closed = True


@attrs.define
class _Registered:
    store: InMemoryVaultStore
    key: str | None
    description: str


class InMemoryVaultSources(VaultSources):
    """``add`` a vault under a path; opening it needs the key it was added with."""

    def __init__(self) -> None:
        self._vaults: dict[Path, _Registered] = {}
        self.opened: list[InMemoryVaultSource] = []

    def add(
        self,
        path: Path,
        store: InMemoryVaultStore,
        key: str | None = "source key",
        description: str = "a vault held in memory",
    ) -> None:
        self._vaults[path] = _Registered(store, key, description)

    def __call__(self, path: Path, key: str | None) -> VaultSource:
        found = self._vaults.get(path)
        if found is None:
            raise InvalidInput(f"there is no vault at {path}", "check the path")
        if found.key is not None and key != found.key:
            raise WrongKey(f"the key does not open the vault {path}", "give its key")
        source = InMemoryVaultSource(found.store, found.description)
        self.opened.append(source)
        return source
