"""SweepLedger port: what the session sweep last did with each session file."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from datetime import datetime
from typing import Protocol, runtime_checkable

import attrs


@attrs.frozen
class SweptSession:
    """The sweep's record of one session file.

    ``key`` is ``<host>:<session id>``; ``fingerprint`` the file's (and its subagents') sizes
    and modification times when swept; ``follows`` the key of the session this one continues
    (``/clear``, ``--resume``), ``""`` if none; ``label`` the source it went into (``""`` when
    it was not indexed) and ``outcome`` what happened (``indexed`` or why it was skipped).
    """

    key: str
    fingerprint: str
    swept_at: datetime
    outcome: str
    label: str = ""
    follows: str = ""
    turns: int = 0


@runtime_checkable
class SweepLedger(Protocol):
    """Remembers the sweep's record per session file, so an unchanged session is never read
    again — not even one that was too short to index. Kept with the knowledge base it
    describes; losing it only means the next sweep reads every session once more."""

    def swept_sessions(self) -> Mapping[str, SweptSession]: ...

    def record_swept(self, entries: Iterable[SweptSession]) -> None:
        """Insert or replace these entries (by key)."""
        ...
