"""Clock port."""

from __future__ import annotations

from application.ports.protocol_base import Protocol, runtime_checkable

TYPE_CHECKING = False
if TYPE_CHECKING:
    from datetime import datetime


@runtime_checkable
class Clock(Protocol):
    """Tells the time: timezone-aware UTC. A fixed clock in tests."""

    def now(self) -> datetime: ...

    def timestamp(self) -> float:
        """``now()`` in seconds since the epoch, without building a datetime: the capturing
        hooks stamp every event and never need one (importing ``datetime`` costs them ~2 ms)."""
        ...

    def monotonic(self) -> float: ...
