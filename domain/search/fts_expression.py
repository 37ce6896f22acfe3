"""FTS5 MATCH expressions built only from quoted strings, so no user text is ever FTS5 syntax.

Inside an FTS5 string every character is literal except ``"`` (doubled to escape it); the
parser has already removed quotes and control characters, so an expression built here is
always valid. The porter layer needs a letter or digit per string; the trigram layer needs at
least three characters (shorter strings can never match a trigram index).
"""

from __future__ import annotations

from collections.abc import Iterable
from enum import StrEnum

from domain.search.query import ParsedQuery, has_word_char
from domain.search.synonyms import synonyms_of

TRIGRAM_MIN_LENGTH = 3


class Combine(StrEnum):
    ALL = "AND"
    ANY = "OR"


def quote(text: str) -> str:
    return '"' + text.replace('"', '""') + '"'


def _group(alternatives: Iterable[str]) -> str | None:
    quoted = list(dict.fromkeys(quote(a) for a in alternatives))
    if not quoted:
        return None
    return quoted[0] if len(quoted) == 1 else "(" + " OR ".join(quoted) + ")"


def _join(groups: Iterable[str | None], combine: Combine) -> str | None:
    present = [g for g in groups if g]
    return f" {combine.value} ".join(present) if present else None


def porter_groups(query: ParsedQuery, synonyms: bool = True) -> list[tuple[str, ...]]:
    """Alternatives per query unit for the porter layer (phrases have no synonyms)."""
    units: list[tuple[str, ...]] = [(p,) for p in query.phrases]
    for term in query.terms:
        alternatives = (term, *synonyms_of(term)) if synonyms else (term,)
        units.append(tuple(a for a in alternatives if has_word_char(a)))
    return [u for u in units if u]


def trigram_groups(query: ParsedQuery, synonyms: bool = True) -> list[tuple[str, ...]]:
    """Alternatives per query unit for the trigram layer: only strings of ≥ 3 characters."""
    units: list[tuple[str, ...]] = [(p,) for p in query.phrases]
    for term in query.terms:
        alternatives = (term, *synonyms_of(term)) if synonyms else (term,)
        units.append(tuple(a for a in alternatives if len(a) >= TRIGRAM_MIN_LENGTH))
    return [u for u in units if u]


def porter_expression(query: ParsedQuery, combine: Combine, synonyms: bool = True) -> str | None:
    """The porter layer's MATCH expression, or None when the query has nothing to match."""
    return _join((_group(u) for u in porter_groups(query, synonyms)), combine)


def trigram_expression(query: ParsedQuery, combine: Combine, synonyms: bool = True) -> str | None:
    """The trigram layer's MATCH expression, or None when no unit is three characters long."""
    return _join((_group(u) for u in trigram_groups(query, synonyms)), combine)
