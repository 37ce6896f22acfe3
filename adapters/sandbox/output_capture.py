"""Holding a stream's first and last bytes only, however much a program prints."""

from __future__ import annotations

from collections import deque

from domain.execution.run import StreamOutput
from domain.execution.truncation import truncate_stream


class StreamCapture:
    """Keeps the first ``keep`` bytes and the last ``keep`` bytes, plus totals.

    The tail is the reads past the head, as they came (a read is at most a pipe's worth), the
    oldest dropped as soon as the newer ones hold ``keep`` bytes without it: however long the
    program prints, the capture holds at most ``keep`` bytes of head and ``keep`` plus one read
    of tail, and a byte in the head is never held twice. ``result`` takes the end of the head
    when the tail is shorter than ``keep``.
    """

    def __init__(self, keep: int) -> None:
        self._keep = max(keep, 1)
        self._head: bytes | bytearray = bytearray()
        self._tail: deque[bytes] = deque()
        self._tail_bytes = 0
        self.total = 0
        self._newlines = 0

    def feed(self, chunk: bytes) -> None:
        self.total += len(chunk)
        self._newlines += chunk.count(b"\n")
        room = self._keep - len(self._head)
        if room > 0:
            assert isinstance(self._head, bytearray)
            self._head += chunk[:room]
            chunk = chunk[room:]
            if len(self._head) == self._keep:  # full: made bytes once, never copied again
                self._head = bytes(self._head)
        if not chunk:
            return
        self._tail.append(chunk)
        self._tail_bytes += len(chunk)
        while self._tail_bytes - len(self._tail[0]) >= self._keep:
            self._tail_bytes -= len(self._tail.popleft())

    def finish(self) -> None:
        """The stream ended: a head still filling becomes bytes now, while nothing else of the
        output is held, so that ``result`` decodes it without copying it again first."""
        if isinstance(self._head, bytearray):
            self._head = bytes(self._head)

    def result(self, max_bytes: int) -> StreamOutput:
        """The stream truncated to ``max_bytes`` (at most ``keep``). Only the newest reads that
        hold ``max_bytes`` are joined for the tail: the cut depends on its last bytes only."""
        head = self._head if isinstance(self._head, bytes) else bytes(self._head)
        wanted = min(max_bytes, self._keep)
        if self.total <= wanted and len(head) == self.total:
            # All of it is in the head, and only the head is read: no tail copied from it.
            return truncate_stream(head, b"", self.total, self._newlines, max_bytes)
        if self._tail_bytes >= wanted:
            tail = self._newest(max_bytes)
        else:
            tail = head[max(len(head) - (wanted - self._tail_bytes), 0) :] + b"".join(self._tail)
        return truncate_stream(head, tail, self.total, self._newlines, max_bytes)

    def _newest(self, size: int) -> bytes:
        """The newest reads, joined, from the first that makes them hold ``size`` bytes (read
        from a copy of the list: a backgrounded program's reads keep coming meanwhile)."""
        reads = list(self._tail)
        held = 0
        first = len(reads)
        while first > 0 and held < size:
            first -= 1
            held += len(reads[first])
        return b"".join(reads[first:])
