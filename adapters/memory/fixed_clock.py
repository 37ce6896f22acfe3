"""A clock tests can set and advance."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from application.ports.clock import Clock


class FixedClock(Clock):
    def __init__(self, start: datetime | None = None) -> None:
        self._now = start or datetime(2026, 1, 1, tzinfo=UTC)
        self._mono = 0.0

    def now(self) -> datetime:
        return self._now

    def timestamp(self) -> float:
        return self._now.timestamp()

    def monotonic(self) -> float:
        return self._mono

    def advance(self, delta: timedelta) -> None:
        self._now += delta
        self._mono += delta.total_seconds()
