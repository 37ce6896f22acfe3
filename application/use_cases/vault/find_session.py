"""Finding one session by its uuid or the first characters of it."""

from __future__ import annotations

from application.ports.vault_store import VaultStore
from domain.errors import InvalidInput
from domain.vault.errors import MIN_ID_LENGTH, AmbiguousSession
from domain.vault.session import VaultSession

_CANDIDATES = 20


class FindSession:
    """A full uuid, or a prefix of at least 8 characters that only one session has."""

    def __init__(self, store: VaultStore) -> None:
        self._store = store

    def execute(self, given: str) -> VaultSession:
        wanted = given.strip().lower()
        if len(wanted) < MIN_ID_LENGTH:
            raise InvalidInput(
                f"{given!r} is too short to name a session",
                f"give at least {MIN_ID_LENGTH} characters of its id "
                "(`capy vault list` shows them)",
            )
        found = self._store.find(wanted, limit=_CANDIDATES + 1)
        exact = [session for session in found if session.uuid == wanted]
        if exact:
            return exact[0]
        if not found:
            raise InvalidInput(
                f"no session matches {given!r}",
                "run `capy vault list` or `capy vault search <words>` to find its id",
            )
        if len(found) > 1:
            raise AmbiguousSession(given, found[:_CANDIDATES])
        return found[0]
