"""The real clock."""

from __future__ import annotations

import time

from application.ports.clock import Clock

TYPE_CHECKING = False  # typing is not imported at run time (ADR 0102)
if TYPE_CHECKING:
    from datetime import datetime


class SystemClock(Clock):
    def now(self) -> datetime:
        from datetime import UTC, datetime

        return datetime.now(UTC)

    def timestamp(self) -> float:
        return time.time()

    def monotonic(self) -> float:
        return time.monotonic()
