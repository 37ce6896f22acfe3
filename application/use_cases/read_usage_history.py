"""What capy kept out of context: one session, today and all time, from the stored history."""

from __future__ import annotations

from application.ports.clock import Clock
from application.ports.usage_store import UsageStore
from domain.server.usage import UsageCounts
from domain.server.usage_history import UsageHistory, usage_day


class ReadUsageHistory:
    """Sum the stored usage for a session (the latest one when none is named), for today
    (the local calendar day) and over every session the knowledge base holds."""

    def __init__(self, store: UsageStore, clock: Clock) -> None:
        self._store = store
        self._clock = clock

    def execute(self, session_id: int | None = None) -> UsageHistory:
        sessions = self._store.usage_sessions()
        session = sessions.latest if session_id is None else self._store.usage_session(session_id)
        session_counts = (
            self._store.usage(session_id=session.id) if session is not None else UsageCounts()
        )
        return UsageHistory(
            session=session,
            session_counts=session_counts,
            today=self._store.usage(day=usage_day(self._clock.now())),
            all_time=self._store.usage(),
            sessions=sessions,
        )
