"""SessionJournal port: each session's recorded facts, between the hook and the server."""

from __future__ import annotations

from collections.abc import Sequence

from application.ports.protocol_base import Protocol, runtime_checkable
from domain.continuity.event import SessionEvent
from domain.continuity.journal_entry import JournalEntry
from domain.continuity.kept_snapshot import KeptSnapshot


@runtime_checkable
class SessionJournal(Protocol):
    """A private, bounded journal per session that a hook appends to in well under a
    millisecond and the server later reads into the knowledge base (ADR 0039).

    The hook side never raises: a journal that cannot be written or read loses its events
    quietly (the host must never notice). Each journal stays bounded: past its size limit it is
    folded (one event per thing) and the lowest-priority, oldest events are dropped.
    """

    def append(self, project_dir: str, session_id: str, events: Sequence[SessionEvent]) -> None:
        """Add ``events``, skipping any that repeat one of the last few."""
        ...

    def events(self, project_dir: str, session_id: str) -> list[SessionEvent]:
        """Everything kept for the session, oldest first ([] when there is nothing)."""
        ...

    def keep_snapshot(self, project_dir: str, session_id: str, snapshot: KeptSnapshot) -> None:
        """Remember the snapshot taken before a compaction, to restore it after."""
        ...

    def snapshot(self, project_dir: str, session_id: str) -> KeptSnapshot | None:
        """The snapshot kept for the session (None when none)."""
        ...

    def consume_snapshot(self, project_dir: str, session_id: str) -> None:
        """Mark the kept snapshot restored: it is never returned as it is again."""
        ...

    def latest_session(self, project_dir: str, current: str) -> str:
        """``current`` when it has a journal, else the session of this project active last
        ("" when there is none)."""
        ...

    def entries(self, project_root: str) -> list[JournalEntry]:
        """The journals of sessions that ran in ``project_root`` or a directory inside it."""
        ...

    def prune(self, project_root: str, idle_before: float) -> int:
        """Delete the project's journals (and snapshots) untouched since ``idle_before``, and
        any journal untouched for a month; how many sessions went."""
        ...

    def expire(self, idle_before: float, not_within: float) -> int:
        """Delete every journal (and its snapshot), whatever its project, untouched since
        ``idle_before``; does nothing when it last ran less than ``not_within`` seconds ago.
        Cheap enough for a hook: how many sessions went."""
        ...
