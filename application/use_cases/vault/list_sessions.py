"""Listing archived sessions, newest first."""

from __future__ import annotations

from application.ports.vault_store import VaultStore
from domain.errors import InvalidInput
from domain.vault.search import SessionFilter
from domain.vault.session import VaultSession


class ListSessions:
    def __init__(self, store: VaultStore) -> None:
        self._store = store

    def execute(self, which: SessionFilter) -> list[VaultSession]:
        if which.limit < 0:
            raise InvalidInput("--limit cannot be negative", "use 0 to list every session")
        return self._store.sessions(which)
