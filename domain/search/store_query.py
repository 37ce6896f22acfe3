"""What the store is asked for one layer: groups of alternatives and how the groups combine.

The domain decides *what* to look for — each unit of the question (a word or a quoted phrase)
with its synonyms as alternatives, whether every unit or any one must occur, and in which
layer; each store adapter renders the value in its own engine's language (the SQLCipher and
PostgreSQL adapters as their full-text queries, the in-memory one by matching directly). Nothing
here is query syntax: an alternative is plain text, matched as a run of words (``WORDS``) or
as a substring (``SUBSTRINGS``), whatever characters it holds.

A layer that reads meaning rather than words takes the same value: ``text()`` is the question's
units in order, the alternatives being what a words engine needs.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from enum import StrEnum

import attrs

from domain.search.inflections import searched_forms
from domain.search.query import ParsedQuery, has_word_char
from domain.search.synonyms import synonyms_of
from domain.search.version_forms import version_forms
from domain.search_hit import SearchLayer

# A substrings engine indexes runs of three characters: a shorter string can never match.
SUBSTRING_MIN_LENGTH = 3
_NO_PARTS: Mapping[str, str] = {}


class Combine(StrEnum):
    """How a query's groups combine: every group must match, or any one."""

    ALL = "all"
    ANY = "any"


def _groups(groups: Iterable[Iterable[str]]) -> tuple[tuple[str, ...], ...]:
    """Each group's alternatives once, in order; empty groups dropped."""
    deduplicated = (tuple(dict.fromkeys(group)) for group in groups)
    return tuple(group for group in deduplicated if group)


@attrs.frozen
class Meaning:
    """What the semantic layer matches: the question's vector from ``model`` (unit length,
    little-endian float32), and the cosine below which a chunk is no match at all."""

    model: str
    vector: bytes = attrs.field(repr=False)
    floor: float = 0.0


@attrs.frozen
class StoreQuery:
    """One layer's question: ``groups`` of alternatives (each non-empty, none repeated within
    a group — ``of`` makes them so); a chunk matches a group when it holds any of its
    alternatives, and the query when it matches every group (``Combine.ALL``) or any
    (``Combine.ANY``). The ``SEMANTIC`` layer's query carries the question's ``meaning``
    instead: chunks match by the cosine of their nearest passage, which is their relevance
    (ADR 0081)."""

    layer: SearchLayer
    groups: tuple[tuple[str, ...], ...]
    combine: Combine = Combine.ALL
    meaning: Meaning | None = None

    @classmethod
    def by_meaning(cls, text: str, meaning: Meaning) -> StoreQuery:
        return cls(SearchLayer.SEMANTIC, ((text,),), Combine.ANY, meaning)

    @classmethod
    def of(
        cls, layer: SearchLayer, groups: Iterable[Iterable[str]], combine: Combine
    ) -> StoreQuery | None:
        """The query (empty groups and repeated alternatives dropped), or None when no group
        has anything to match."""
        query = cls(layer, _groups(groups), combine)
        return query if query.groups else None

    def with_combine(self, combine: Combine) -> StoreQuery:
        return StoreQuery(self.layer, self.groups, combine, self.meaning)

    @property
    def is_single_group(self) -> bool:
        """One group: ALL and ANY ask the same thing."""
        return len(self.groups) == 1

    def text(self) -> str:
        """Each group's first alternative (the unit as asked), in order."""
        return " ".join(group[0] for group in self.groups)


def word_groups(query: ParsedQuery, synonyms: bool = True) -> list[tuple[str, ...]]:
    """Alternatives per query unit for the words layer (phrases have no synonyms); an
    alternative needs a letter or digit."""
    units: list[tuple[str, ...]] = [(p,) for p in query.phrases]
    for term in query.terms:
        alternatives = (
            (term, *synonyms_of(term), *searched_forms(term), *version_forms(term))
            if synonyms
            else (term,)
        )
        units.append(tuple(a for a in alternatives if has_word_char(a)))
    return [u for u in units if u]


def substring_groups(
    query: ParsedQuery, synonyms: bool = True, parts: Mapping[str, str] = _NO_PARTS
) -> list[tuple[str, ...]]:
    """Alternatives per query unit for the substrings layer: only strings of ≥ 3 characters;
    a term's ``parts`` (the stem a compound name holds it by: ``compound_parts``) last."""
    units: list[tuple[str, ...]] = [(p,) for p in query.phrases]
    for term in query.terms:
        alternatives = (
            (term, *synonyms_of(term), *searched_forms(term), *version_forms(term))
            if synonyms
            else (term,)
        )
        if term in parts:
            alternatives = (*alternatives, parts[term])
        units.append(tuple(a for a in alternatives if len(a) >= SUBSTRING_MIN_LENGTH))
    return [u for u in units if u]


def words_query(query: ParsedQuery, combine: Combine, synonyms: bool = True) -> StoreQuery | None:
    """The words layer's query, or None when the question has nothing to match."""
    return StoreQuery.of(SearchLayer.WORDS, word_groups(query, synonyms), combine)


def substrings_query(
    query: ParsedQuery,
    combine: Combine,
    synonyms: bool = True,
    parts: Mapping[str, str] = _NO_PARTS,
) -> StoreQuery | None:
    """The substrings layer's query, or None when no unit is three characters long."""
    return StoreQuery.of(SearchLayer.SUBSTRINGS, substring_groups(query, synonyms, parts), combine)
