"""What the terminal interface asks of the vault, through the vault's use cases."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import attrs

from application.use_cases.vault.search_vault import VaultSearchRequest
from application.use_cases.vault.view_session import TranscriptView
from domain.vault.restore import RestoreReport
from domain.vault.search import SessionFilter, VaultHit, VaultQuery
from domain.vault.session import VaultSession

if TYPE_CHECKING:
    from entrypoints.containers.vault import VaultContainer

SEARCH_LIMIT = 20


@attrs.frozen
class Start:
    """Where the interface opens: the list (``project`` filters it), a search (``query`` typed
    in already), or one session's transcript (``session_id`` as given, found on start)."""

    mode: str = "list"
    project: str | None = None
    query: str = ""
    session_id: str = ""
    session: VaultSession | None = None


@attrs.frozen
class ResumeRequest:
    """The person asked to resume this session: the interface closes, then capy resumes it."""

    uuid: str


class VaultBrowser:
    """One vault's use cases, called from the interface's worker threads (each thread gets
    its own database connection)."""

    def __init__(self, container: VaultContainer) -> None:
        self._container = container
        self.home: Path = container.core.user_dirs().home

    def sessions(self, project: str | None = None) -> list[VaultSession]:
        found: list[VaultSession] = self._container.use_cases.list_sessions().execute(
            SessionFilter(project, limit=0)
        )
        return found

    def search(self, text: str) -> list[VaultHit]:
        request = VaultSearchRequest(text, query=VaultQuery(None, limit=SEARCH_LIMIT))
        hits: list[VaultHit] = self._container.use_cases.search().execute(request)
        return hits

    def session(self, uuid: str) -> VaultSession:
        found: VaultSession = self._container.use_cases.find_session().execute(uuid)
        return found

    def view(self, session: VaultSession, subagent: str = "") -> TranscriptView:
        view: TranscriptView = self._container.use_cases.view_session().execute(session, subagent)
        return view

    def resume_blocker(self) -> str:
        """Why ``R`` cannot resume a session on this machine ("" when it can): said on the
        status line, before the interface closes for a resume that would only fail."""
        if self._container.adapters.launcher().available():
            return ""
        from domain.vault.errors import ClaudeCodeMissing

        return f"resume: {ClaudeCodeMissing()}"

    def restore(self, session: VaultSession) -> RestoreReport:
        """Where ``capy vault restore`` puts it; a file that differs is kept (no prompt here)."""
        report: RestoreReport = self._container.use_cases.restore_session().execute(
            session, None, lambda path: False
        )
        return report
