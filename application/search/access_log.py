"""Marking sources as used without paying a write transaction on every search."""

from __future__ import annotations

from collections.abc import Iterable

from application.ports.clock import Clock
from application.ports.knowledge_store import KnowledgeStore
from domain.search.tuning import ACCESS_FLUSH_SECONDS


class AccessLog:
    """Collects the sources searches returned and writes them in one short transaction.

    The first search writes at once (a one-shot ``capy search`` records its access); later ones
    within ``ACCESS_FLUSH_SECONDS`` only collect, and the first search after the window writes
    everything collected. A source returned several times within one window counts once —
    retention cares whether a source is being used, not how chatty a burst of searches was.
    """

    def __init__(self, store: KnowledgeStore, clock: Clock) -> None:
        self._store = store
        self._clock = clock
        self._pending: set[int] = set()
        self._last_write: float | None = None

    def record(self, source_ids: Iterable[int]) -> None:
        self._pending.update(source_ids)
        now = self._clock.monotonic()
        due = self._last_write is None or now - self._last_write >= ACCESS_FLUSH_SECONDS
        if due and self._pending:
            self.flush()

    def flush(self) -> None:
        """Write whatever was collected (also meant for shutdown)."""
        if self._pending:
            pending, self._pending = self._pending, set()
            self._store.record_access(sorted(pending), self._clock.now())
        self._last_write = self._clock.monotonic()
