"""Where a query's units stand in a hit's text, as reranking reads it: whether every
occurrence of a unit is part of a longer hyphenated name (``typescript`` in
``@typescript-eslint``), and which sets of units share a line."""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from domain.precompiled import precompiled
from domain.search.matching import TermGroups

# A run of the characters ``str.isalnum`` accepts (a word character that is no underscore).
_ALNUM_RUN = precompiled(r"[^\W_]*")


def _inside_longer_name(lowered: str, start: int, named: tuple[str, ...]) -> bool:
    """Whether the word found at ``start`` is joined by hyphens to words the query does not
    name (``typescript`` in ``@typescript-eslint``, ``plugin-syntax-typescript``; ``named``:
    the query's alternatives). A version (``typescript-5.9.3``) or a word the query names too
    (``jest-tests`` for "jest test files") keeps it whole, and a match within a word
    (``HttpTokens``) is no name of its own."""
    if start and lowered[start - 1].isalnum():
        return False
    end = _ALNUM_RUN.match(lowered, start).end()  # type: ignore[union-attr]
    before = start > 1 and lowered[start - 1] == "-" and lowered[start - 2].isalnum()
    after = lowered.startswith("-", end) and lowered[end + 1 : end + 2].isalpha()
    if not (before or after):
        return False  # the common case: a word of its own
    left, right = start, end
    while left and (lowered[left - 1].isalnum() or lowered[left - 1] == "-"):
        left -= 1
    while right < len(lowered) and (lowered[right].isalnum() or lowered[right] == "-"):
        right += 1
    others = lowered[left:start].split("-") + lowered[end:right].split("-")
    return any(part and part[0].isalpha() and not part.startswith(named) for part in others)


def only_inside_names(
    content: str, positions: Sequence[Sequence[int]], groups: TermGroups
) -> tuple[bool, ...]:
    """For each unit: whether every occurrence of it in ``content`` is part of a longer name
    (a unit that is itself a hyphenated name, ``typescript-eslint``, never is)."""
    lowered = content.lower()
    named = named_alternatives(groups)
    return tuple(
        only_inside(lowered, found, unit, named)
        for found, unit in zip(positions, groups.units, strict=True)
    )


def only_inside(lowered: str, found: Sequence[int], unit: str, named: tuple[str, ...]) -> bool:
    if not found or "-" in unit:
        return False
    # A loop, not ``all`` over a generator: the first occurrence usually settles it.
    for start in found:  # noqa: SIM110
        if not _inside_longer_name(lowered, start, named):
            return False
    return True


@lru_cache(maxsize=256)
def named_alternatives(groups: TermGroups) -> tuple[str, ...]:
    return tuple(alternative for matcher in groups.matchers for alternative in matcher.scan)


def line_masks(content: str, positions: Sequence[Sequence[int]]) -> frozenset[int]:
    """The distinct sets of units (bit masks) that share a line of ``content``: a line is known
    by the last newline before it (``rfind`` scans back over one line only), so no list of every
    position is sorted and no newline is counted."""
    found_in = [unit for unit, found in enumerate(positions) if found]
    if len(found_in) < 2:
        # One unit found (or none): each of its lines holds it alone.
        return frozenset([1 << found_in[0]]) if found_in else frozenset()
    rfind = content.rfind
    if len(found_in) == 2:
        # Two units (the common query): each one's set of lines, then which lines hold one,
        # the other or both, with no mask built per position.
        first, second = found_in
        ones = {rfind("\n", 0, pos) for pos in positions[first]}
        twos = {rfind("\n", 0, pos) for pos in positions[second]}
        masks = []
        if not ones <= twos:
            masks.append(1 << first)
        if not twos <= ones:
            masks.append(1 << second)
        if not ones.isdisjoint(twos):
            masks.append(1 << first | 1 << second)
        return frozenset(masks)
    by_line: dict[int, int] = {}
    for unit in found_in:
        bit = 1 << unit
        for pos in positions[unit]:
            line = rfind("\n", 0, pos)
            by_line[line] = by_line.get(line, 0) | bit
    return frozenset(by_line.values())
