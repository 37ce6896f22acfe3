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
"""

from __future__ import annotations

import ctypes
import functools
import sys
from typing import Any

M_MMAP_THRESHOLD = -3  # glibc's mallopt parameter number
MMAP_THRESHOLD_BYTES = 128 * 1024  # glibc's own default, kept fixed


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


def release_freed_memory() -> None:
    """Give memory freed inside the C heaps back to the system."""
    libc = _libc()
    if libc is not None:
        libc.malloc_trim(0)
