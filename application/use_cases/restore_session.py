"""RestoreSession: the session facts a new context starts with, by how it started."""

from __future__ import annotations

from application.ports.session_journal import SessionJournal
from domain.continuity.snapshot import COMPACTED, RESUMED, render_snapshot
from domain.continuity.state import fold
from domain.hooks.tool_call import HookInput


class RestoreSession:
    """SessionStart, by ``source``:

    - ``compact``: the snapshot taken just before the compaction (built from the journal when
      the host ran no PreCompact hook);
    - ``resume``: the snapshot of the session being resumed — this one when the host kept its
      id, else the project's session active last;
    - ``startup`` and ``clear``: nothing (a new or deliberately emptied context).
    """

    def __init__(self, journal: SessionJournal) -> None:
        self._journal = journal

    def execute(self, hook_input: HookInput) -> str:
        project, session = hook_input.project_dir, hook_input.session_id
        if hook_input.source == "compact":
            kept = self._journal.snapshot(project, session)
            if kept:
                return kept
            return render_snapshot(fold(self._journal.events(project, session)), session, COMPACTED)
        if hook_input.source == "resume":
            resumed = self._journal.latest_session(project, session)
            if resumed:
                state = fold(self._journal.events(project, resumed))
                return render_snapshot(state, resumed, RESUMED)
        return ""
