"""Whether a line names what a query asks for whole, or only as part of a longer name.

A listing's rows often share a name: ``asyncio`` and ``asyncio.tasks`` in ``python -X
importtime``, ``openssl`` and ``python3-openssl`` in ``dpkg -l``. A question about ``asyncio``
matches every one of them equally; the row naming it whole is the one asked about. Among
windows that score the same (``best_lines``), those holding more of the query's units as
whole words come first.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence

from domain.chunking.utf8 import truncate_bytes
from domain.search.matching import Unit

# What may stand around a whole word: a table's rules and a field's quotes, not the dots, dashes
# and colons that join a name's parts.
_EDGES = "|,;()[]{}\"'`"


def whole_units(lowered: str, units: Sequence[Unit], present: Sequence[bool]) -> int:
    """How many of the present ``units`` stand in ``lowered`` (a lower-cased line) as a word of
    their own: a blank-separated word (its edge punctuation aside) that is one of the unit's
    needles, or that needle followed by letters only (an inflection: ``imports``)."""
    count = 0
    for unit, hit in zip(units, present, strict=False):
        if hit and not unit.phrase and any(_stands(lowered, needle) for needle in unit.scan):
            count += 1
    return count


def _stands(lowered: str, needle: str) -> bool:
    """Whether ``needle`` opens a word of ``lowered`` (after edge punctuation only) that goes on
    with letters only (before edge punctuation only), found from the needle's occurrences
    rather than by splitting the line into words."""
    size = len(lowered)
    at = lowered.find(needle)
    while at >= 0:
        before = at - 1
        while before >= 0 and lowered[before] in _EDGES:
            before -= 1
        if before < 0 or lowered[before].isspace():
            after = at + len(needle)
            while after < size and lowered[after].isalpha():
                after += 1
            while after < size and lowered[after] in _EDGES:
                after += 1
            if after == size or lowered[after].isspace():
                return True
        at = lowered.find(needle, at + 1)
    return False


Window = tuple[float, float, int, int]  # (score, term score, line, start), as ``best_lines`` ranks


def whole_first(
    found: list[Window],
    units: Sequence[Unit],
    held: dict[tuple[int, int], list[bool]],
    text: Callable[[int, int], str],
) -> Iterator[Window]:
    """``found`` (sorted best first) with the windows that score the same and hold the same
    units reordered among themselves: more units named whole first, else as they were. Windows
    holding other units keep their places: a window whose term is part of an identifier
    (``POP_JUMP_IF_NONE`` for "jump") never loses its place to one holding another unit whole.
    ``held``: each window's units; ``text``: a window's text. A run of equal scores is
    reordered only when it is reached: a snippet reads the first few windows."""
    start = 0
    while start < len(found):
        end = start
        while end < len(found) and found[end][0] == found[start][0]:
            end += 1
        run = found[start:end]
        if len(run) > 1:
            places: dict[tuple[bool, ...], list[int]] = {}
            for place, window in enumerate(run):
                places.setdefault(tuple(held[window[2], window[3]]), []).append(place)
            for key, spots in places.items():
                if len(spots) < 2 or not any(key):
                    continue
                members = [run[spot] for spot in spots]
                counts = {
                    (m[2], m[3]): whole_units(text(m[2], m[3]).lower(), units, key) for m in members
                }
                members.sort(key=lambda m: -counts[m[2], m[3]])
                for spot, member in zip(spots, members, strict=True):
                    run[spot] = member
        yield from run
        start = end


def window_text(lines: list[str], number: int, start: int, *, width: int) -> str:
    """The text of the window of line ``number`` from ``start``, as ``best_lines`` cuts it."""
    line = lines[number]
    if not start and len(line) <= width and line.isascii():
        return line  # a short line is its only window
    return truncate_bytes(line[start:], width)
