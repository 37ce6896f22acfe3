"""Store queries for the contract tests, written the way the domain builds them."""

from __future__ import annotations

from domain.search.store_query import Combine, StoreQuery
from domain.search_hit import SearchLayer

Group = str | tuple[str, ...]


def _query(layer: SearchLayer, groups: tuple[Group, ...], combine: Combine) -> StoreQuery:
    return StoreQuery(layer, tuple((g,) if isinstance(g, str) else g for g in groups), combine)


def words(*groups: Group, combine: Combine = Combine.ALL) -> StoreQuery:
    """A words-layer query: each argument a unit (a tuple: its alternatives)."""
    return _query(SearchLayer.WORDS, groups, combine)


def substrings(*groups: Group, combine: Combine = Combine.ALL) -> StoreQuery:
    """A substrings-layer query: each argument a unit (a tuple: its alternatives)."""
    return _query(SearchLayer.SUBSTRINGS, groups, combine)
