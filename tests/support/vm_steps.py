"""Counting the database's work: SQLite's virtual-machine steps, a measure no machine's speed moves."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

T = TypeVar("T")


def vm_steps(connection: Any, work: Callable[[], T]) -> tuple[int, T]:
    """Run ``work`` and return the hundreds of VM steps it made ``connection`` take, and its result."""
    steps = [0]

    def count() -> int:
        steps[0] += 1
        return 0

    connection.set_progress_handler(count, 100)
    try:
        result = work()
    finally:
        connection.set_progress_handler(None, 100)
    return steps[0], result
