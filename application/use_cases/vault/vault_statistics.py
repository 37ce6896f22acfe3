"""The vault in numbers: sessions, sizes, compression, index version and backlog, projects."""

from __future__ import annotations

from application.ports.vault_store import VaultStore
from domain.vault.search import VaultStats


class VaultStatistics:
    def __init__(self, store: VaultStore) -> None:
        self._store = store

    def execute(self) -> VaultStats:
        return self._store.stats()
