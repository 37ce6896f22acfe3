"""Windows of lines cut where the output's own structure ends one thing and starts the next.

Plain output with no headers a chunker knows (``output_sections``) and no blank-line paragraphs
that fit used to be cut every 20 lines wherever that fell: between rustc's ``error[E0277]``
and the ``note:`` that explains it, between a go test's ``--- SKIP`` line and the reason
logged above it, with two lines repeated on both sides of every cut. Tools of every kind write
one item as a line at the output's left margin followed by the lines that belong to it:
indented (a diagnostic's ``-->``/``|``/``=`` lines, a test's log lines, a stack trace's frames,
a man page's option description), or at the margin but saying they continue it (``note:``,
``help:``, ``Caused by:``, a quoted source line ``58 | …``), or under a header that opens a
block after a blank line and ends with a colon (go's ``goroutine 7 [running]:`` above its
frames, which go prints at the margin), up to the next blank line.

So a window holds ``MIN_LINES`` to ``MAX_LINES`` lines and ends where cutting costs least:
the least indented line first (an outer item before an inner one), then after a blank line,
else before a line that starts an item, else before a line that continues one; of equally
good places the last. An item still going on at ``MAX_LINES`` is kept whole when it ends
within ``MAX_ITEM_LINES`` lines and the byte limit; only an item longer than that is cut
inside, and then the next window repeats the last ``OVERLAP_LINES`` lines before the cut. A cut
between two items cuts nothing, so nothing is repeated. The last window is not left with
fewer than ``MIN_LAST_LINES`` lines. The constants were chosen on the tuning half of the
benchmark corpora (ADR 0073).
"""

from __future__ import annotations

import re
from bisect import bisect_left

from domain.chunking.limits import OVERLAP_LINES
from domain.chunking.utf8 import byte_len

MAX_LINES = 20
MIN_LINES = 10
MIN_LAST_LINES = 5
MAX_ITEM_LINES = 40
# A line at the margin that continues the item above it: a child diagnostic (``note:``,
# ``help:``, ``= note:``), a cause (``Caused by:``), a source line under a gutter (``58 |``).
_CONTINUES = re.compile(
    r"^(?:(?:note|help|hint)(?:\[\w+\])?:|Caused by:|= |\d+ *\|)", re.IGNORECASE
)

# How a cut before a line goes, from best to worst.
_AFTER_BLANK = 0
_BEFORE_ITEM = 1
_BEFORE_CONTINUATION = 2
_INSIDE_ITEM = 3

_Cost = tuple[int, int]


def _margin(lines: list[str]) -> int:
    """The indentation of the least indented line: the output's own left margin. Read only
    to the first line with none (no margin is less), most often an output's first."""
    margin: int | None = None
    for line in lines:
        if line.strip():
            depth = len(line) - len(line.lstrip())
            if depth == 0:
                return 0
            if margin is None or depth < margin:
                margin = depth
    return margin or 0


def _opened_blocks(lines: list[str], margin: int, blanks: list[int]) -> frozenset[int]:
    """Lines inside a block a header opens: a line at the margin after a blank line that
    ends with a colon (``goroutine 7 [running]:``) holds every line to the next blank one.
    ``blanks`` is given the index of each blank line, in order."""
    inside: set[int] = set()
    open_block = False
    for index, line in enumerate(lines):
        if not line.strip():
            blanks.append(index)
            open_block = False
        elif open_block:
            inside.add(index)
        elif (index == 0 or not lines[index - 1].strip()) and line.rstrip().endswith(":"):
            open_block = not line[margin : margin + 1].isspace()
    return frozenset(inside)


def _cost(lines: list[str], index: int, margin: int, inside: frozenset[int]) -> _Cost:
    """What it costs to cut ``lines`` just before ``lines[index]``: how deep that line is
    indented past the margin, then how it follows the line before it."""
    line = lines[index]
    if not line.strip():
        return len(line), _INSIDE_ITEM
    depth = len(line) - len(line.lstrip()) - margin
    if not lines[index - 1].strip():
        return depth, _AFTER_BLANK
    if depth or index in inside:
        return depth, _INSIDE_ITEM
    return depth, _BEFORE_CONTINUATION if _CONTINUES.match(line, margin) else _BEFORE_ITEM


def _between_items(cost: _Cost) -> bool:
    return cost[0] == 0 and cost[1] <= _BEFORE_ITEM


def _least_cost(blanks: list[int], first: int, last: int) -> _Cost:
    """A cost no cut before ``lines[first..last]`` goes under: no line is indented past the
    margin less than not at all, and only after a blank line (``blanks``: their indexes, in
    order) is a cut cheaper than before an item; a blank line costs more than either."""
    after = bisect_left(blanks, first - 1)
    if after < len(blanks) and blanks[after] < last:
        return 0, _AFTER_BLANK
    return 0, _BEFORE_ITEM


def _cheapest_cut(
    lines: list[str], first: int, last: int, margin: int, *, inside: frozenset[int], least: _Cost
) -> tuple[_Cost, int]:
    """The least cost of a cut before ``lines[first..last]`` and where it is, the last of
    equals: ``min((_cost(i), -i) for i in range(first, last + 1))``. Read from the last line
    back, it stops at a cut that costs ``least``, which none costs less than: a log's window
    ends at its last line, at an item, with one cost read instead of eleven."""
    best = _cost(lines, last, margin, inside)
    end = last
    index = last
    while best > least and index > first:
        index -= 1
        cost = _cost(lines, index, margin, inside)
        if cost < best:
            best, end = cost, index
    return best, end


def line_windows(lines: list[str], max_bytes: int) -> list[tuple[int, int]]:
    """``(start, end)`` of each window of ``lines`` (``end`` exclusive), in order: consecutive
    windows meet between two items, or overlap by ``OVERLAP_LINES`` inside one. A window kept
    longer than ``MAX_LINES`` for its item stays within ``max_bytes``."""
    windows: list[tuple[int, int]] = []
    margin = _margin(lines)
    blanks: list[int] = []
    inside = _opened_blocks(lines, margin, blanks)
    total = len(lines)
    start = 0
    while total - start > MAX_LINES:
        first = start + MIN_LINES
        last = max(first, min(start + MAX_LINES, total - MIN_LAST_LINES))
        least = _least_cost(blanks, first, last)
        cost, end = _cheapest_cut(lines, first, last, margin, inside=inside, least=least)
        if not _between_items(cost):
            kept = _item_end(lines, start, last, margin, max_bytes=max_bytes, inside=inside)
            if kept is not None:
                end, cost = kept, (0, _AFTER_BLANK)
        windows.append((start, end))
        if end >= total:
            return windows
        start = end if _between_items(cost) else end - OVERLAP_LINES
    windows.append((start, total))
    return windows


def _item_end(
    lines: list[str], start: int, last: int, margin: int, *, max_bytes: int, inside: frozenset[int]
) -> int | None:
    """Where the item still going on at ``last`` ends, when a window from ``start`` can hold
    it whole (to the end of ``lines`` when only a few lines would be left after it)."""
    total = len(lines)
    size = sum(byte_len(line) + 1 for line in lines[start:last])
    for later in range(last, min(start + MAX_ITEM_LINES, total) + 1):
        if later == total or (later > last and _between_items(_cost(lines, later, margin, inside))):
            if total - later < MIN_LAST_LINES and total - start <= MAX_ITEM_LINES:
                later = total
            if sum(byte_len(line) + 1 for line in lines[start:later]) > max_bytes:
                return None
            return later
        size += byte_len(lines[later]) + 1
        if size > max_bytes:
            return None
    return None
