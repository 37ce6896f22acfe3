"""How many cores this process may run on (the semantic layer asks ahead only with two or more)."""

from __future__ import annotations

import os


def available_cores() -> int:
    if hasattr(os, "sched_getaffinity"):
        return len(os.sched_getaffinity(0))
    return os.cpu_count() or 1
