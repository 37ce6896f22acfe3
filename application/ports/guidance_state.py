"""GuidanceState port: which one-time advisories a session has already seen."""

from __future__ import annotations

from application.ports.protocol_base import Protocol, runtime_checkable


@runtime_checkable
class GuidanceState(Protocol):
    """Remembers advisories per session across the separate processes of ``capy hook``.

    Never raises: a state that cannot be read or written behaves as "not seen yet" (the advice
    is shown again), which costs a few tokens and breaks nothing.
    """

    def first_time(self, session_id: str, kind: str) -> bool:
        """True (and remember it) when ``kind`` was not shown in this session yet."""
        ...

    def forget(self, session_id: str) -> None:
        """Drop what this session has seen (after compaction, or when the session ends)."""
        ...
