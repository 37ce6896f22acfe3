"""The usage ledger's history in a dict, with the SQLCipher store's contract."""

from __future__ import annotations

import threading
from datetime import date, datetime

import attrs

from application.ports.usage_store import UsageStore
from domain.server.usage import UsageCounts
from domain.server.usage_history import UsageSession, UsageSessions


class InMemoryUsageStore(UsageStore):
    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._sessions: dict[int, UsageSession] = {}
        self._counts: dict[tuple[int, date], UsageCounts] = {}

    def start_usage_session(self, started_at: datetime) -> int:
        with self._lock:
            session_id = len(self._sessions) + 1
            self._sessions[session_id] = UsageSession(session_id, started_at, started_at)
            return session_id

    def add_usage(self, session_id: int, day: date, counts: UsageCounts, at: datetime) -> None:
        with self._lock:
            key = (session_id, day)
            self._counts[key] = self._counts.get(key, UsageCounts()) + counts
            known = self._sessions[session_id]
            seen = max(known.last_seen_at, at)
            self._sessions[session_id] = attrs.evolve(known, last_seen_at=seen)

    def usage(self, *, session_id: int | None = None, day: date | None = None) -> UsageCounts:
        with self._lock:
            total = UsageCounts()
            for (session, when), counts in self._counts.items():
                if session_id in (None, session) and day in (None, when):
                    total += counts
            return total

    def usage_session(self, session_id: int) -> UsageSession | None:
        with self._lock:
            return self._sessions.get(session_id)

    def usage_sessions(self) -> UsageSessions:
        with self._lock:
            if not self._sessions:
                return UsageSessions()
            first = min(s.started_at for s in self._sessions.values())
            return UsageSessions(len(self._sessions), first, self._sessions[max(self._sessions)])
