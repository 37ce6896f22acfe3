"""What the server needs to know about one session's journal without reading all of it."""

from __future__ import annotations

from domain.hooks.value import Value


class JournalEntry(Value):
    """``project`` the session ran in; ``changed_at`` and ``size`` tell whether the journal
    changed since it was last read."""

    __slots__ = ("changed_at", "project", "session_id", "size")
    session_id: str
    project: str
    changed_at: float
    size: int

    def __init__(self, session_id: str, project: str, changed_at: float, size: int) -> None:
        self._init(session_id=session_id, project=project, changed_at=changed_at, size=size)
