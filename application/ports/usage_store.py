"""UsageStore port: the usage ledger of every server session, kept in the knowledge base."""

from __future__ import annotations

from datetime import date, datetime
from typing import TYPE_CHECKING, Protocol, runtime_checkable

if TYPE_CHECKING:  # the values are the server's; a reading command needs only the port
    from domain.server.usage import UsageCounts
    from domain.server.usage_history import UsageSession, UsageSessions


@runtime_checkable
class UsageStore(Protocol):
    """Adds counts per session and day; sums them by session, by day or over everything.

    Contract: ``add_usage`` adds to what is stored (never replaces), atomically; sums of a
    session or a day that has nothing are empty counts, never an error.
    """

    def start_usage_session(self, started_at: datetime) -> int:
        """A new session's id."""
        ...

    def add_usage(self, session_id: int, day: date, counts: UsageCounts, at: datetime) -> None: ...

    def usage(self, *, session_id: int | None = None, day: date | None = None) -> UsageCounts:
        """The sum over one session and/or one day; over everything when neither is given."""
        ...

    def usage_session(self, session_id: int) -> UsageSession | None: ...

    def usage_sessions(self) -> UsageSessions: ...
