"""Where a query's terms occur in a chunk: the evidence reranking and snippets work from.

A term matches its own spelling, its synonyms and its crude stem as a prefix (``failing``
matches ``failed``), the way porter matched it; short alternatives must start a word so
``db`` does not match inside ``feedback``.
"""

from __future__ import annotations

import re
from functools import lru_cache

import attrs

from domain.search.query import ParsedQuery
from domain.search.synonyms import synonyms_of

_SUFFIXES = ("ations", "ation", "ings", "ing", "ions", "ion", "ers", "er", "ies", "ed", "es", "s")
_MIN_STEM = 3
_SHORT = 4


def stem_prefix(term: str) -> str:
    """``term`` without one common English suffix, when at least 3 characters remain."""
    for suffix in _SUFFIXES:
        if term.endswith(suffix) and len(term) - len(suffix) >= _MIN_STEM:
            return term[: -len(suffix)]
    return term


def _alternative(text: str) -> str:
    escaped = re.escape(text)
    return rf"(?<![^\W_]){escaped}" if len(text) < _SHORT else escaped


@attrs.frozen
class TermGroups:
    """One compiled pattern per query unit (a phrase, or a term with its synonyms)."""

    units: tuple[str, ...]
    patterns: tuple[re.Pattern[str], ...]

    def positions(self, text: str) -> list[list[int]]:
        """For each unit, the character offsets in ``text`` where it occurs."""
        lowered = text.lower()
        return [[m.start() for m in p.finditer(lowered)] for p in self.patterns]

    def present(self, text: str) -> list[bool]:
        lowered = text.lower()
        return [p.search(lowered) is not None for p in self.patterns]


def _unit_pattern(unit: str, synonyms: tuple[str, ...]) -> re.Pattern[str]:
    if " " in unit:  # a phrase: its words in order, any whitespace between
        return re.compile(r"\s+".join(re.escape(w) for w in unit.split()))
    alternatives = {unit, stem_prefix(unit), *synonyms, *(stem_prefix(s) for s in synonyms)}
    ordered = sorted(alternatives, key=lambda a: (-len(a), a))
    return re.compile("|".join(_alternative(a) for a in ordered))


@lru_cache(maxsize=256)
def _compile(units: tuple[str, ...]) -> TermGroups:
    patterns = tuple(_unit_pattern(u, () if " " in u else synonyms_of(u)) for u in units)
    return TermGroups(units, patterns)


def term_groups(query: ParsedQuery) -> TermGroups:
    """The query's units compiled once (cached across calls with the same units)."""
    return _compile(query.groups)
