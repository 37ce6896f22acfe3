"""Clock port."""

from __future__ import annotations

from datetime import datetime
from typing import Protocol, runtime_checkable


@runtime_checkable
class Clock(Protocol):
    """Tells the time: timezone-aware UTC. A fixed clock in tests."""

    def now(self) -> datetime: ...

    def monotonic(self) -> float: ...
