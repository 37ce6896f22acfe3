"""The worker's frames read off its pipe by a thread, whole and undecoded, into a bounded
buffer: the worker goes on cutting while this process is busy elsewhere (redacting the text,
inserting a batch) instead of blocking on a full pipe (ADR 0230).

The thread only moves bytes: it decodes nothing, logs nothing and hands a frame to no one but
``next``. What a frame says is known only once the preparation asks for it, after it knows
that redaction left the text as it is; a worker ended before that has its frames dropped with
it, unread (``close``).
"""

from __future__ import annotations

import threading
from collections import deque
from typing import IO

from adapters.preparer_process.frames import LENGTH_BYTES, frame_length, read_exactly

# Most bytes of frames held here at once (a frame bigger than this is still read, alone): about
# two of a big log's batches, so that the worker can finish one while another waits.
DRAIN_BYTES = 4 << 20
# Longest wait for the thread to end once its worker is killed (its pipe then ends at once).
_JOIN_SECONDS = 5.0


class FrameDrain:
    def __init__(self, source: IO[bytes], limit_bytes: int = DRAIN_BYTES) -> None:
        self._source = source
        self._limit = limit_bytes
        self._frames: deque[bytes] = deque()
        self._held = 0
        self._ended = False  # the stream ended (or failed): no frame follows those held
        self._closed = False  # dropped: nothing more is read or handed out
        self._changed = threading.Condition()
        self._thread = threading.Thread(target=self._drain, name="capy-worker-drain", daemon=True)
        self._thread.start()

    def next(self) -> bytes | None:
        """The next frame's bytes (its length left out), waiting for it; None once the stream
        ended before a whole one."""
        with self._changed:
            self._changed.wait_for(lambda: self._frames or self._ended or self._closed)
            if self._closed or not self._frames:
                return None
            data = self._frames.popleft()
            self._held -= len(data)
            self._changed.notify_all()
            return data

    def close(self) -> None:
        """Drops the frames held, unread, and ends the thread: call it once the worker is ended,
        so that a read under way returns."""
        with self._changed:
            self._closed = True
            self._frames.clear()
            self._held = 0
            self._changed.notify_all()
        if self._thread is not threading.current_thread():
            self._thread.join(_JOIN_SECONDS)

    def _drain(self) -> None:
        try:
            while True:
                prefix = read_exactly(self._source, LENGTH_BYTES)
                if prefix is None:
                    return
                size = frame_length(prefix)
                if not self._room_for(size):
                    return
                data = read_exactly(self._source, size)
                with self._changed:
                    if self._closed or data is None:
                        return
                    self._frames.append(data)
                    self._held += size
                    self._changed.notify_all()
        except (OSError, ValueError):
            return  # the pipe failed or was closed: as an end
        finally:
            with self._changed:
                self._ended = True
                self._changed.notify_all()

    def _room_for(self, size: int) -> bool:
        """Waits until a frame of ``size`` bytes fits, or nothing is held (a frame over the
        limit is read alone); False once dropped."""
        with self._changed:
            self._changed.wait_for(
                lambda: self._closed or not self._held or self._held + size <= self._limit
            )
            return not self._closed
