"""RestoreSession: the session facts a new context starts with, by how it started."""

from __future__ import annotations

from application.ports.session_journal import SessionJournal
from domain.continuity.snapshot import COMPACTED, RESUMED, render_snapshot
from domain.continuity.state import fold
from domain.hooks.tool_call import HookInput


class RestoreSession:
    """SessionStart, by ``source``:

    - ``compact``: the session as it stands — never older than its last recorded event. The
      snapshot PreCompact kept is returned as it is only while it is unconsumed and no event
      came after it; otherwise (no PreCompact ran, it failed or timed out, or an earlier
      compaction's snapshot is all there is) it is rebuilt from the whole journal, which holds
      everything the snapshot did and what came after. The snapshot is then marked consumed.
    - ``resume``: the snapshot of the session being resumed — this one when the host kept its
      id, else the project's session active last;
    - ``startup`` and ``clear``: nothing (a new or deliberately emptied context).
    """

    def __init__(self, journal: SessionJournal) -> None:
        self._journal = journal

    def execute(self, hook_input: HookInput) -> str:
        project, session = hook_input.project_dir, hook_input.session_id
        if hook_input.source == "compact":
            return self._after_compaction(project, session)
        if hook_input.source == "resume":
            resumed = self._journal.latest_session(project, session)
            if resumed:
                state = fold(self._journal.events(project, resumed))
                return render_snapshot(state, resumed, RESUMED)
        return ""

    def _after_compaction(self, project: str, session: str) -> str:
        events = self._journal.events(project, session)
        kept = self._journal.snapshot(project, session)
        last = max((event.at for event in events), default=0.0)
        if kept is not None and not kept.consumed and last <= kept.through:
            text = kept.text
        elif events:
            text = render_snapshot(fold(events), session, COMPACTED)
        else:  # the journal is gone: the snapshot is the newest record there is
            text = kept.text if kept is not None else ""
        if kept is not None and not kept.consumed:
            self._journal.consume_snapshot(project, session)
        return text
