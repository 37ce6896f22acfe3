"""What capy kept out of the agent's context, counted from what actually happened.

Every figure is a real byte count: output the sandbox produced, bodies fetched, files read by
path, bytes a cache hit avoided fetching again, and text returned to the agent. Nothing is
counted twice: output that was indexed is still counted once, as produced. Tokens are
estimated as bytes / 4 and always labelled as an estimate.

A server process keeps its counts in a ``UsageLedger``; what it has not yet written to the
knowledge base is ``drain``-ed from it after each call, so the history holds every session.
"""

from __future__ import annotations

import threading
from collections.abc import Mapping
from datetime import datetime
from enum import StrEnum

import attrs

BYTES_PER_TOKEN = 4


class Origin(StrEnum):
    """Where processed bytes came from."""

    SANDBOX = "sandbox output"
    FETCH = "fetched pages"
    FILE = "files indexed by path"
    CACHE = "re-fetches avoided by the cache"


@attrs.frozen
class ToolUsage:
    calls: int = 0
    bytes_returned: int = 0

    def __add__(self, other: ToolUsage) -> ToolUsage:
        return ToolUsage(self.calls + other.calls, self.bytes_returned + other.bytes_returned)


def _merged(a: Mapping[str, ToolUsage], b: Mapping[str, ToolUsage]) -> dict[str, ToolUsage]:
    merged = dict(a)
    for name, usage in b.items():
        merged[name] = merged.get(name, ToolUsage()) + usage
    return merged


@attrs.frozen
class UsageCounts:
    """Counts over some span: one call, a session, a day, all time."""

    tools: dict[str, ToolUsage] = attrs.field(factory=dict)
    processed: dict[Origin, int] = attrs.field(factory=dict)
    bytes_indexed: int = 0
    cache_hits: int = 0

    @property
    def bytes_returned(self) -> int:
        return sum(t.bytes_returned for t in self.tools.values())

    @property
    def bytes_processed(self) -> int:
        return sum(self.processed.values())

    @property
    def bytes_kept_out(self) -> int:
        """Bytes capy handled that did not enter the agent's context."""
        return max(0, self.bytes_processed - self.bytes_returned)

    @property
    def total_calls(self) -> int:
        return sum(t.calls for t in self.tools.values())

    @property
    def is_empty(self) -> bool:
        return not (self.tools or self.processed or self.bytes_indexed or self.cache_hits)

    def __add__(self, other: UsageCounts) -> UsageCounts:
        processed = dict(self.processed)
        for origin, count in other.processed.items():
            processed[origin] = processed.get(origin, 0) + count
        return UsageCounts(
            tools=_merged(self.tools, other.tools),
            processed=processed,
            bytes_indexed=self.bytes_indexed + other.bytes_indexed,
            cache_hits=self.cache_hits + other.cache_hits,
        )


@attrs.frozen
class UsageSnapshot:
    """A server session's counts so far."""

    started_at: datetime
    counts: UsageCounts


class UsageLedger:
    """Thread-safe counters for one server process, plus what is not yet persisted."""

    def __init__(self, started_at: datetime) -> None:
        self._started_at = started_at
        self._lock = threading.Lock()
        self._total = UsageCounts()
        self._pending = UsageCounts()

    @property
    def started_at(self) -> datetime:
        return self._started_at

    def _add(self, counts: UsageCounts) -> None:
        with self._lock:
            self._total += counts
            self._pending += counts

    def record_reply(self, tool: str, returned_bytes: int) -> None:
        self._add(UsageCounts(tools={tool: ToolUsage(1, returned_bytes)}))

    def record_processed(self, origin: Origin, byte_count: int) -> None:
        hits = 1 if origin is Origin.CACHE else 0
        self._add(UsageCounts(processed={origin: byte_count}, cache_hits=hits))

    def record_indexed(self, byte_count: int) -> None:
        self._add(UsageCounts(bytes_indexed=byte_count))

    def snapshot(self) -> UsageSnapshot:
        with self._lock:
            return UsageSnapshot(started_at=self._started_at, counts=self._total)

    def drain(self) -> UsageCounts:
        """What was recorded since the last drain; the caller persists it."""
        with self._lock:
            pending, self._pending = self._pending, UsageCounts()
            return pending

    def restore(self, counts: UsageCounts) -> None:
        """Put back drained counts that could not be persisted (they go with the next drain)."""
        with self._lock:
            self._pending = counts + self._pending
