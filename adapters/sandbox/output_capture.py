"""Holding a stream's first and last bytes only, however much a program prints."""

from __future__ import annotations

from domain.execution.run import StreamOutput
from domain.execution.truncation import truncate_stream


class StreamCapture:
    """Keeps the first ``keep`` bytes and (roughly) the last ``keep`` bytes, plus totals."""

    def __init__(self, keep: int) -> None:
        self._keep = max(keep, 1)
        self._head = bytearray()
        self._tail = bytearray()
        self.total = 0
        self._newlines = 0

    def feed(self, chunk: bytes) -> None:
        self.total += len(chunk)
        self._newlines += chunk.count(b"\n")
        room = self._keep - len(self._head)
        if room > 0:
            self._head += chunk[:room]
        self._tail += chunk
        if len(self._tail) > 2 * self._keep:
            del self._tail[: len(self._tail) - self._keep]

    def result(self, max_bytes: int) -> StreamOutput:
        return truncate_stream(
            bytes(self._head), bytes(self._tail), self.total, self._newlines, max_bytes
        )
