"""SnapshotSession: before a compaction, put the session's facts into a small snapshot."""

from __future__ import annotations

from application.ports.session_journal import SessionJournal
from domain.continuity.kept_snapshot import KeptSnapshot
from domain.continuity.snapshot import COMPACTED, render_snapshot
from domain.continuity.state import fold
from domain.hooks.decision import NO_OPINION, Decision
from domain.hooks.tool_call import HookInput


class SnapshotSession:
    """PreCompact: fold the session's journal and keep its snapshot (≤ 2 KB), with the time of
    the last event it covers, for the SessionStart that follows the compaction. Says nothing
    to the host."""

    def __init__(self, journal: SessionJournal) -> None:
        self._journal = journal

    def execute(self, hook_input: HookInput) -> Decision:
        project, session = hook_input.project_dir, hook_input.session_id
        events = self._journal.events(project, session)
        text = render_snapshot(fold(events), session, COMPACTED)
        if text:
            through = max(event.at for event in events)
            self._journal.keep_snapshot(project, session, KeptSnapshot(text, through))
        return NO_OPINION
