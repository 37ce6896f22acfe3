"""The vault container over in-memory adapters, with a clock and an environment a test chooses."""

from __future__ import annotations

from collections.abc import Mapping
from datetime import UTC, datetime
from pathlib import Path

import attrs
from dependency_injector import providers

from adapters.memory.fixed_clock import FixedClock
from adapters.memory.in_memory_restore_folders import InMemoryRestoreFolders
from adapters.memory.in_memory_session_files import InMemorySessionFiles
from adapters.memory.in_memory_vault_store import InMemoryVaultStore
from entrypoints.containers.runtime import RuntimeOptions
from entrypoints.containers.vault import MemoryVaultAdapters, VaultContainer

START = datetime(2026, 3, 1, 12, 0, tzinfo=UTC)


@attrs.define
class MemoryVault:
    container: VaultContainer
    clock: FixedClock
    files: InMemorySessionFiles
    store: InMemoryVaultStore
    folders: InMemoryRestoreFolders


def memory_vault(tmp_path: Path, env: Mapping[str, str] | None = None) -> MemoryVault:
    clock = FixedClock(START)
    container = VaultContainer(
        options=RuntimeOptions(cwd=tmp_path, env={"HOME": str(tmp_path), **(env or {})})
    )
    container.core.clock.override(providers.Object(clock))
    container.adapters.override(
        MemoryVaultAdapters(core=container.core, vault_core=container.vault_core)
    )
    return MemoryVault(
        container,
        clock,
        container.adapters.session_files(),
        container.adapters.vault_store(),
        container.adapters.restore_folders(),
    )
