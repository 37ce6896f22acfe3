"""The real clock."""

from __future__ import annotations

import time
from datetime import UTC, datetime

from application.ports.clock import Clock


class SystemClock(Clock):
    def now(self) -> datetime:
        return datetime.now(UTC)

    def monotonic(self) -> float:
        return time.monotonic()
