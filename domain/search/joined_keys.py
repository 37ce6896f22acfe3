"""A key that joins the question's adjacent words into one name: ``"terraform_version":
"1.11.4"``, ``terraformVersion = …``, ``terraform-version: …`` for "terraform version that made
the plan".

Such a line is where the output states the thing asked about: the rest of the question ("that
made the plan") is what is asked of it, which a key never repeats. Counted as two words on one
line, the key weighs less than a long section scattering the same words and one more over
unrelated keys (``terraform_data``, ``schema_version``, ``planned_values``).
"""

from __future__ import annotations

from functools import lru_cache

import attrs

from domain.precompiled import precompiled
from domain.search.matching import MAX_POSITIONS, TermGroups

# What may stand before a key on its line (indentation, a quote, a list's dash) and after it
# (a quote, then ``:`` or ``=``).
_KEY_BEFORE = frozenset(" \t\"'-")
_KEY_AFTER = precompiled(r"[\"']?\s*[:=]")


@lru_cache(maxsize=1024)
def joined_names(groups: TermGroups, found: frozenset[str]) -> tuple[tuple[str, int], ...]:
    """The query's adjacent words (both in ``found``) joined as one identifier, lowered, each
    with the offset of the letter that must be a capital (-1: none): ``a_b``, ``a-b``, and
    ``ab`` for ``aB``."""
    names: list[tuple[str, int]] = []
    for a, b in groups.pairs:
        first, second = groups.units[a], groups.units[b]
        if first in found and second in found and first.isalpha() and second.isalpha():
            names.extend(_names(first, second))
    return tuple(names)


def _names(first: str, second: str) -> tuple[tuple[str, int], ...]:
    return ((f"{first}_{second}", -1), (f"{first}-{second}", -1), (first + second, len(first)))


def _keys_line(lowered: str, start: int, end: int) -> bool:
    """Whether ``lowered[start:end]`` is the key of its line (``"terraform_version": …``,
    ``terraformVersion = …``): only indentation, a quote or a dash before it, ``:`` or ``=``
    after it (a quote between)."""
    line_start = lowered.rfind("\n", 0, start) + 1
    if any(c not in _KEY_BEFORE for c in lowered[line_start:start]):
        return False
    return _KEY_AFTER.match(lowered, end) is not None


def _keyed_by(content: str, lowered: str, name: str, capital: int) -> bool:
    start = lowered.find(name)
    while start >= 0:
        if (capital < 0 or content[start + capital].isupper()) and _keys_line(
            lowered, start, start + len(name)
        ):
            return True
        start = lowered.find(name, start + 1)
    return False


@attrs.frozen
class _Pair:
    """Two adjacent units of the question that can be joined into a key (both words of
    letters), the names they join into, and whether the first unit's positions hold every
    place a word starting with it starts (one of its scanned alternatives begins it, and it is
    no phrase): then only those places can start a key."""

    first: int
    second: int
    names: tuple[tuple[str, int], ...]
    spellings: tuple[str, ...]  # the names alone, for one ``startswith`` of them all
    at_starts: bool


def _keyed_at(content: str, lowered: str, pair: _Pair, start: int) -> bool:
    """Whether one of ``pair``'s names starts at ``start`` as the key of its line."""
    for name, capital in pair.names:
        if (
            lowered.startswith(name, start)
            and (capital < 0 or content[start + capital].isupper())
            and _keys_line(lowered, start, start + len(name))
        ):
            return True
    return False


@lru_cache(maxsize=256)
def _pairs(groups: TermGroups) -> tuple[tuple[_Pair, ...], bool]:
    """The pairs ``joined_names`` could join, and whether the units are distinct words (then a
    unit is found exactly when its own positions are not empty)."""
    pairs = []
    for a, b in groups.pairs:
        first, second = groups.units[a], groups.units[b]
        if first.isalpha() and second.isalpha():
            matcher = groups.matchers[a]
            at_starts = not matcher.phrase and any(first.startswith(s) for s in matcher.scan)
            names = _names(first, second)
            pairs.append(_Pair(a, b, names, tuple(n for n, _ in names), at_starts))
    return tuple(pairs), len(set(groups.units)) == len(groups.units)


def holds_joined_key(
    content: str, lowered: str, groups: TermGroups, positions: tuple[tuple[int, ...], ...]
) -> bool:
    """Whether ``content`` (``lowered``: the same, lowered) has a line whose key joins two of
    the question's adjacent words (``positions``: where each unit was found, as
    ``Unit.positions`` gives them with ``MAX_POSITIONS``; a key holds both words, so both must
    have been found).

    A pair's names are looked for only at the first unit's positions when those are complete
    (fewer than ``MAX_POSITIONS``): it runs for every candidate of a search, and a scan of the
    text for each of three names cost more than the rest of the test
    (``test_joined_keys.py`` holds it to the general form)."""
    if not groups.pairs:
        return False
    pairs, distinct = _pairs(groups)
    if not pairs:
        return False  # no pair of words of letters: no name to join
    if not distinct:
        return _general(content, lowered, groups, positions)
    # Two distinct units found (a pair's): the general rule's "two units found" holds.
    for pair in pairs:
        starts = positions[pair.first]
        if not starts or not positions[pair.second]:
            continue
        if pair.at_starts and len(starts) < MAX_POSITIONS:
            # A key starts its word, and every word starting with the unit is among ``starts``.
            spellings = pair.spellings
            for start in starts:
                if lowered.startswith(spellings, start) and _keyed_at(
                    content, lowered, pair, start
                ):
                    return True
        elif any(_keyed_by(content, lowered, name, capital) for name, capital in pair.names):
            return True
    return False


def _general(
    content: str, lowered: str, groups: TermGroups, positions: tuple[tuple[int, ...], ...]
) -> bool:
    """``holds_joined_key`` as the rule reads: every joined name of two found adjacent units,
    looked for anywhere in the text."""
    found = frozenset(unit for unit, at in zip(groups.units, positions, strict=True) if at)
    if len(found) < 2:
        return False
    return any(
        _keyed_by(content, lowered, name, capital) for name, capital in joined_names(groups, found)
    )
