"""Sessions still on disk that the vault does not hold yet — what the host's clean-up would
take for good."""

from __future__ import annotations

from collections.abc import Callable

from application.ports.session_files import SessionFiles
from application.ports.vault_store import VaultStore
from domain.sessions.files import SessionFile


class FindUnarchivedSessions:
    """Every session file of the host whose id is not in the vault, oldest first.

    ``open_store`` is only called when ``vault_exists`` says there is a vault: a command that
    only looks creates none (with no vault, every session on disk is unarchived)."""

    def __init__(
        self,
        files: SessionFiles,
        open_store: Callable[[], VaultStore],
        vault_exists: Callable[[], bool],
    ) -> None:
        self._files = files
        self._open_store = open_store
        self._vault_exists = vault_exists

    def execute(self) -> list[SessionFile]:
        archived = set(self._open_store().digests()) if self._vault_exists() else set()
        missing = [s for s in self._files.all_sessions() if s.session_id not in archived]
        return sorted(missing, key=lambda s: s.mtime_ns)
