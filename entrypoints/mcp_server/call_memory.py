"""What a tool call leaves in memory, given back on the calling thread once it has replied
(ADRs 0124, 0190)."""

from __future__ import annotations

import sys
import threading
from collections.abc import Callable

from application.ports.file_upkeep import FileUpkeep
from entrypoints.mcp_server.memory import release_freed_memory

# A call that processed or indexed this much leaves megabytes free inside the C heaps.
RELEASE_AFTER_BYTES = 1024 * 1024
# Many small calls leave free memory behind too (freed blocks between live ones, pages a
# thread's searches cached): every this many calls, the calling thread releases it as well.
RELEASE_EVERY_CALLS = 100


class CallMemory:
    """After each call: the thread's store connection and the heaps' free memory when the call
    moved megabytes or a hundred calls went by, else only the thread's page cache."""

    def __init__(self, upkeep: Callable[[], FileUpkeep], store_ready: threading.Event) -> None:
        self._upkeep = upkeep
        self._store_ready = store_ready
        self._calls_since_release = 0
        self._lock = threading.Lock()

    def after_call(self, moved_bytes: int) -> None:
        if self._release_due(moved_bytes >= RELEASE_AFTER_BYTES):
            self._release()
        else:
            self._drop_cached_pages()

    def _release_due(self, big_call: bool) -> bool:
        """After a call that moved megabytes, and after every ``RELEASE_EVERY_CALLS`` calls."""
        with self._lock:
            self._calls_since_release += 1
            if big_call or self._calls_since_release >= RELEASE_EVERY_CALLS:
                self._calls_since_release = 0
                return True
        return False

    def _release(self) -> None:
        """This thread's store connection (its page cache, filled by the pages it wrote or read,
        its statements and full-text buffers; reopened on next use), then what the C heaps hold
        free."""
        if self._store_ready.is_set():
            try:
                self._upkeep().release_memory()
            except Exception as error:  # the reply is ready; memory can be released next time
                print(f"capy: memory not released yet: {error}", file=sys.stderr, flush=True)
        release_freed_memory()

    def _drop_cached_pages(self) -> None:
        """This thread's page cache after every other call (ADR 0190): a tool thread would
        otherwise keep up to ~2.2 MB of pages until its next release, and the protocol spreads
        calls over several threads; the next call decrypts the pages it reads again."""
        if self._store_ready.is_set():
            try:
                self._upkeep().drop_cached_pages()
            except Exception as error:  # the reply is ready; the pages can go next time
                print(f"capy: page cache not emptied: {error}", file=sys.stderr, flush=True)
