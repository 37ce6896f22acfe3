"""Usage across sessions: one session, today, and everything the knowledge base remembers."""

from __future__ import annotations

from datetime import date, datetime

import attrs

from domain.server.usage import UsageCounts


def usage_day(moment: datetime) -> date:
    """The day a call is counted on: the user's local calendar day."""
    return moment.astimezone().date()


@attrs.frozen
class UsageSession:
    """One server process that answered at least one tool call."""

    id: int
    started_at: datetime
    last_seen_at: datetime


@attrs.frozen
class UsageSessions:
    count: int = 0
    first_started_at: datetime | None = None
    latest: UsageSession | None = None


@attrs.frozen
class UsageHistory:
    """``session`` is the session the first figures belong to (this one, or the latest)."""

    session: UsageSession | None
    session_counts: UsageCounts
    today: UsageCounts
    all_time: UsageCounts
    sessions: UsageSessions
