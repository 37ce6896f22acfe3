"""SessionJournal in memory, with the file journal's dedup and bounds."""

from __future__ import annotations

from collections.abc import Sequence

from application.ports.session_journal import SessionJournal
from domain.continuity.event import SessionEvent
from domain.continuity.journal_entry import JournalEntry
from domain.continuity.kept_snapshot import KeptSnapshot
from domain.continuity.state import bound, settle

KEEP_EVENTS = 600
FOLD_AFTER_EVENTS = 1_000


class InMemorySessionJournal(SessionJournal):
    def __init__(self) -> None:
        self.journals: dict[str, tuple[str, list[SessionEvent]]] = {}
        self.snapshots: dict[str, KeptSnapshot] = {}
        self.changed: dict[str, float] = {}
        self._ticks = 0.0

    def append(self, project_dir: str, session_id: str, events: Sequence[SessionEvent]) -> None:
        if not events or not session_id:
            return
        _, kept = self.journals.setdefault(session_id, (project_dir, []))
        for event in events:
            if not any(event.same_fact(seen) for seen in kept[-8:]):
                kept.append(event)
        if len(kept) > FOLD_AFTER_EVENTS:
            kept[:] = bound(settle(kept), KEEP_EVENTS)
        self._ticks += 1
        self.changed[session_id] = self._ticks

    def events(self, project_dir: str, session_id: str) -> list[SessionEvent]:
        return list(self.journals.get(session_id, ("", []))[1])

    def keep_snapshot(self, project_dir: str, session_id: str, snapshot: KeptSnapshot) -> None:
        self.snapshots[session_id] = snapshot

    def snapshot(self, project_dir: str, session_id: str) -> KeptSnapshot | None:
        return self.snapshots.get(session_id)

    def consume_snapshot(self, project_dir: str, session_id: str) -> None:
        kept = self.snapshots.get(session_id)
        if kept is not None:
            self.snapshots[session_id] = KeptSnapshot(kept.text, kept.through, consumed=True)

    def latest_session(self, project_dir: str, current: str) -> str:
        if current in self.journals:
            return current
        ours = [s for s, (project, _) in self.journals.items() if project == project_dir]
        return max(ours, key=lambda s: self.changed[s], default="")

    def entries(self, project_root: str) -> list[JournalEntry]:
        return [
            JournalEntry(session, project, self.changed[session], len(events))
            for session, (project, events) in self.journals.items()
            if project == project_root or project.startswith(project_root.rstrip("/") + "/")
        ]

    def prune(self, project_root: str, idle_before: float) -> int:
        gone = [
            entry.session_id
            for entry in self.entries(project_root)
            if entry.changed_at < idle_before
        ]
        for session in gone:
            del self.journals[session]
            self.snapshots.pop(session, None)
        return len(gone)

    def expire(self, idle_before: float, not_within: float) -> int:
        gone = [s for s, changed in self.changed.items() if changed < idle_before]
        for session in gone:
            self.journals.pop(session, None)
            self.snapshots.pop(session, None)
            del self.changed[session]
        return len(gone)
