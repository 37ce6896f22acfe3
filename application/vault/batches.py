"""Writing to the vault in batches: one transaction per batch, each item retried alone on failure.

A batch closes at ``BATCH_ITEMS`` items or ``BATCH_BYTES`` of pending data. When writing it
fails, each item is written alone, so one bad session costs only itself; an item that still
fails is handed to ``on_failure`` with the error. A process killed meanwhile leaves whole
batches only (each is one transaction).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Generic, TypeVar

import attrs

from domain.vault.importing import ImportStatus, SessionOutcome
from domain.vault.session import ArchivedSession

BATCH_ITEMS = 50
BATCH_BYTES = 16 * 1024 * 1024

Item = TypeVar("Item")


class Batches(Generic[Item]):
    def __init__(
        self,
        write: Callable[[Sequence[Item]], object],
        size_of: Callable[[Item], int],
        on_failure: Callable[[Item, Exception], None],
        *,
        after_flush: Callable[[], None] | None = None,
        items: int | None = None,
        pending_bytes: int | None = None,
    ) -> None:
        self._write = write
        self._size_of = size_of
        self._on_failure = on_failure
        self._after_flush = after_flush
        self._max_items = items or BATCH_ITEMS
        self._max_bytes = pending_bytes or BATCH_BYTES
        self._pending: list[Item] = []
        self._bytes = 0

    def add(self, item: Item) -> None:
        self._pending.append(item)
        self._bytes += self._size_of(item)
        if len(self._pending) >= self._max_items or self._bytes >= self._max_bytes:
            self.flush()

    def flush(self) -> None:
        pending, self._pending, self._bytes = self._pending, [], 0
        if not pending:
            return
        try:
            self._write(pending)
        except Exception:
            for item in pending:
                try:
                    self._write([item])
                except Exception as error:
                    self._on_failure(item, error)
        if self._after_flush is not None:
            self._after_flush()


class ArchiveBatches:
    """A run's outcome per session, and the sessions waiting to be archived in batches: a
    session the store still refuses on its own turns its outcome into an error."""

    def __init__(self, save: Callable[[Sequence[ArchivedSession]], object]) -> None:
        self.outcomes: list[SessionOutcome] = []
        self._slots: dict[str, int] = {}
        self._batches = Batches(save, lambda a: a.pending_bytes, self._failed)

    def add(self, outcome: SessionOutcome, archived: ArchivedSession | None = None) -> None:
        self.outcomes.append(outcome)
        if archived is not None:
            self._slots[archived.session.uuid] = len(self.outcomes) - 1
            self._batches.add(archived)

    def flush(self) -> None:
        self._batches.flush()

    def _failed(self, archived: ArchivedSession, error: Exception) -> None:
        slot = self._slots[archived.session.uuid]
        self.outcomes[slot] = attrs.evolve(
            self.outcomes[slot], status=ImportStatus.ERROR, detail=str(error)
        )
