"""What the ``SweepSessions`` use case takes, reports while it runs, and gives back."""

from __future__ import annotations

from collections.abc import Callable
from enum import StrEnum
from pathlib import Path

import attrs

from domain.sessions.files import SessionHost


def _never() -> bool:
    return False


def _ignore(_: SweepProgress) -> None:
    return None


class SweepStatus(StrEnum):
    NEW = "new"  # no source held this session yet
    CHANGED = "changed"  # its source is replaced: the session grew or changed
    UNCHANGED = "unchanged"  # nothing changed since the last sweep: not read at all
    SKIPPED = "skipped"  # not indexed: too short, expired, unreadable (the reason says)


@attrs.frozen
class SweepProgress:
    done_bytes: int
    total_bytes: int
    done_sessions: int
    total_sessions: int


@attrs.frozen
class SweepRequest:
    """Sweep the sessions recorded in ``project_root`` (and its worktrees) into its knowledge
    base.

    ``dry_run`` reads and judges every session but writes nothing. ``reindex`` reads every
    session again, even those unchanged since the last sweep. ``should_stop`` is asked before
    each session and every few hundred lines while one is read (it may also wait, to give way
    to other work); once it says yes the sweep ends, and the sessions not finished are left
    for the next one.
    """

    project_root: Path
    dry_run: bool = True
    reindex: bool = False
    should_stop: Callable[[], bool] = _never
    on_progress: Callable[[SweepProgress], None] = _ignore


@attrs.frozen
class SweptThread:
    """One line of the sweep's report: a session (with any sessions continuing it).

    ``sessions`` counts its files; ``turns`` its turn pairs (0 when not read); ``sections``
    the chunks indexed (or that would be); ``note`` mentions skipped lines; ``failed`` when it
    was skipped because it could not be read or stored (not by choice: too short, too old)."""

    host: SessionHost
    session_id: str
    sessions: int
    started: str
    size_bytes: int
    status: SweepStatus
    reason: str = ""
    label: str = ""
    turns: int = 0
    sections: int = 0
    note: str = ""
    failed: bool = False


@attrs.frozen
class SweepReport:
    """What a sweep found and did; ``stopped`` when it ended before every session was seen."""

    project_root: Path
    rows: tuple[SweptThread, ...]
    files_found: int
    dry_run: bool
    stopped: bool = False

    def count(self, status: SweepStatus) -> int:
        return sum(1 for row in self.rows if row.status is status)

    @property
    def failed(self) -> int:
        """Sessions that could not be read or stored: the sweep did not do all it should."""
        return sum(1 for row in self.rows if row.failed)

    @property
    def indexed(self) -> int:
        return self.count(SweepStatus.NEW) + self.count(SweepStatus.CHANGED)
