"""Keeping the server's memory flat after calls with large output (glibc only; no-ops elsewhere).

glibc serves allocations above its mmap threshold (128 KiB) with ``mmap`` and hands them back
on ``free`` — but each time such a block is freed it raises the threshold to that block's size
(up to 32 MiB), so after the first multi-megabyte output later buffers of that size come from
the worker threads' heaps and stay resident once freed. ``pin_mmap_threshold`` turns that
adjustment off. What is still left free inside the heaps (SQLite's and the indexer's many small
blocks) ``release_freed_memory`` returns to the system; the server calls it only after a call
that indexed or processed megabytes, since it walks every heap.

Measured on ``capy serve`` (eight ``capy_execute`` calls with an intent over 3 MB of output
each): 126–160 MB and growing as is; ~104 MB flat with the threshold pinned; 86–96 MB with
both.

``limit_arenas`` keeps glibc from giving each of the server's threads (tool workers, the
start-up tasks, the event loop's helpers) a heap of its own: what a heap holds free between its
live blocks stays resident, once per heap. Two heaps serve threads that mostly wait for the
interpreter lock (ADR 0124).
"""

from __future__ import annotations

import ctypes
import functools
import sys
import threading
from collections.abc import Callable
from typing import Any

M_MMAP_THRESHOLD = -3  # glibc's mallopt parameter numbers
M_ARENA_MAX = -8
MMAP_THRESHOLD_BYTES = 128 * 1024  # glibc's own default, kept fixed
SERVER_ARENAS = 2  # glibc's default is eight per core


@functools.cache
def _libc() -> Any | None:
    if not sys.platform.startswith("linux"):
        return None
    try:
        libc = ctypes.CDLL(None)
        libc.mallopt.argtypes = (ctypes.c_int, ctypes.c_int)
        libc.malloc_trim.argtypes = (ctypes.c_size_t,)
    except (OSError, AttributeError):  # not glibc (musl has no malloc_trim)
        return None
    return libc


def pin_mmap_threshold() -> bool:
    """Fix glibc's mmap threshold; True when it was set."""
    libc = _libc()
    return libc is not None and bool(libc.mallopt(M_MMAP_THRESHOLD, MMAP_THRESHOLD_BYTES))


def limit_arenas(arenas: int = SERVER_ARENAS) -> bool:
    """Let at most ``arenas`` malloc heaps serve the process's threads; True when it was set.
    Call before the threads start: a thread keeps the heap it was first given."""
    libc = _libc()
    return libc is not None and bool(libc.mallopt(M_ARENA_MAX, arenas))


def release_freed_memory() -> None:
    """Give memory freed inside the C heaps back to the system."""
    libc = _libc()
    if libc is not None:
        libc.malloc_trim(0)


class ReleaseWhenQuiet:
    """Hands freed memory back once the tool calls have stopped for ``quiet_s`` (ADR 0190).

    Small calls free memory between live blocks that glibc keeps resident; trimming after
    each of them costs every call ~0.2–0.3 ms of CPU plus the page faults of using those
    pages again. Between an agent's calls the model is thinking for seconds, so a release
    during that pause costs no call anything; a burst of calls closer than ``quiet_s`` runs
    without one. A daemon thread waits for a call to end, then for ``quiet_s`` without
    another, then releases once, unless a call is still running (its end starts the wait
    again).
    """

    def __init__(
        self, release: Callable[[], None], busy: Callable[[], bool], quiet_s: float
    ) -> None:
        self._release = release
        self._busy = busy
        self._quiet_s = quiet_s
        self._ended = threading.Event()
        self._stopping = threading.Event()
        self._thread: threading.Thread | None = None

    def start(self) -> None:
        if self._thread is None:
            self._thread = threading.Thread(
                target=self._loop, name="capy-memory-release", daemon=True
            )
            self._thread.start()

    def call_ended(self) -> None:
        self._ended.set()

    def stop(self, timeout: float = 5.0) -> None:
        self._stopping.set()
        self._ended.set()
        if self._thread is not None:
            self._thread.join(timeout)

    def _loop(self) -> None:
        while True:
            self._ended.wait()
            self._ended.clear()
            while not self._stopping.is_set() and self._ended.wait(self._quiet_s):
                self._ended.clear()  # another call ended within the pause: wait again
            if self._stopping.is_set():
                return
            if not self._busy():
                try:
                    self._release()
                except Exception as error:  # never stops the server or the next release
                    print(f"capy: memory not released: {error}", file=sys.stderr, flush=True)
