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

from domain.precompiled import precompiled
from domain.search.matching import TermGroups

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
            names.extend(
                ((f"{first}_{second}", -1), (f"{first}-{second}", -1), (first + second, len(first)))
            )
    return tuple(names)


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


def holds_joined_key(
    content: str, lowered: str, groups: TermGroups, positions: tuple[tuple[int, ...], ...]
) -> bool:
    """Whether ``content`` (``lowered``: the same, lowered) has a line whose key joins two of
    the question's adjacent words (``positions``: where each unit was found; a key holds both
    words, so both must have been found)."""
    if not groups.pairs:
        return False
    found = frozenset(unit for unit, at in zip(groups.units, positions, strict=True) if at)
    if len(found) < 2:
        return False
    return any(
        _keyed_by(content, lowered, name, capital) for name, capital in joined_names(groups, found)
    )
