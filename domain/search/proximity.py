"""How close a section holds the query's words: the smallest window holding one position of each."""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Sequence


def min_span(positions: Sequence[Sequence[int]]) -> int | None:
    """The smallest window holding one position of every list (None if any list is empty)."""
    if not positions or any(not p for p in positions):
        return None
    if len(positions) == 2:
        return closest_pair(positions[0], positions[1])
    events = sorted((pos, group) for group, plist in enumerate(positions) for pos in plist)
    counts = [0] * len(positions)
    covered = 0
    best: int | None = None
    left = 0
    for pos, group in events:
        if counts[group] == 0:
            covered += 1
        counts[group] += 1
        while covered == len(positions):
            start, start_group = events[left]
            span = pos - start
            best = span if best is None or span < best else best
            counts[start_group] -= 1
            if counts[start_group] == 0:
                covered -= 1
            left += 1
    return best


def closest_pair(first: Sequence[int], second: Sequence[int]) -> int:
    """``min_span`` of two lists: the smallest distance between one position of each (the common
    two-word query). Each position of the shorter list meets its neighbours in the longer one by
    bisection, not by a merge of both lists step by step."""
    a, b = sorted(first), sorted(second)
    if len(a) > len(b):
        a, b = b, a
    last = len(b) - 1
    best = abs(a[0] - b[0])
    # Comparisons, not ``min`` calls: it runs for most candidates of a two-word query.
    for x in a:
        at = bisect_left(b, x)
        if at <= last:
            gap = b[at] - x
            if gap < best:  # a comparison costs less than a ``min`` call
                best = gap
                if not gap:
                    return 0
        if at:
            gap = x - b[at - 1]
            if gap < best:  # noqa: PLR1730
                best = gap
    return best
