"""Removing one session, its files and its search rows from the vault."""

from __future__ import annotations

from application.ports.vault_store import VaultStore


class DeleteSession:
    def __init__(self, store: VaultStore) -> None:
        self._store = store

    def execute(self, uuid: str) -> bool:
        """False when the session was not (or no longer) in the vault."""
        return self._store.delete(uuid)
