"""What capy kept out of the agent's context, counted from what actually happened.

Every figure is a real byte count: output the sandbox produced, bodies fetched, files read by
path, bytes a cache hit avoided fetching again, and text returned to the agent. Nothing is
counted twice: output that was indexed is still counted once, as produced. Tokens are
estimated as bytes / 4 and always labelled as an estimate.
"""

from __future__ import annotations

import threading
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


@attrs.frozen
class UsageSnapshot:
    started_at: datetime
    tools: dict[str, ToolUsage]
    processed: dict[Origin, int]
    bytes_indexed: int
    cache_hits: int

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


class UsageLedger:
    """Thread-safe counters for one server process."""

    def __init__(self, started_at: datetime) -> None:
        self._started_at = started_at
        self._lock = threading.Lock()
        self._tools: dict[str, ToolUsage] = {}
        self._processed: dict[Origin, int] = {}
        self._indexed = 0
        self._cache_hits = 0

    def record_reply(self, tool: str, returned_bytes: int) -> None:
        with self._lock:
            usage = self._tools.get(tool, ToolUsage())
            self._tools[tool] = ToolUsage(usage.calls + 1, usage.bytes_returned + returned_bytes)

    def record_processed(self, origin: Origin, byte_count: int) -> None:
        with self._lock:
            self._processed[origin] = self._processed.get(origin, 0) + byte_count
            if origin is Origin.CACHE:
                self._cache_hits += 1

    def record_indexed(self, byte_count: int) -> None:
        with self._lock:
            self._indexed += byte_count

    def snapshot(self) -> UsageSnapshot:
        with self._lock:
            return UsageSnapshot(
                started_at=self._started_at,
                tools=dict(self._tools),
                processed=dict(self._processed),
                bytes_indexed=self._indexed,
                cache_hits=self._cache_hits,
            )
