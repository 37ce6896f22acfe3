"""What reranking takes from the query's units and their weights alone, the same for every
candidate of a search: worked out once per search, not once per candidate."""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from domain.search import tuning
from domain.search.generic_words import is_generic
from domain.search.matching import TermGroups


@lru_cache(maxsize=256)
def generic_mask(groups: TermGroups) -> int:
    """The units (bits) that say only how something went: ``error``, ``problem``, ``issue``,
    ``failed`` (``generic_words.is_generic``)."""
    return sum(1 << unit for unit, word in enumerate(groups.units) if is_generic(word))


def whole_of(weights: Sequence[float], total: float, missing_generic: int) -> float:
    """What a share of the query is taken of, for a hit or a line that lacks the generic units
    in ``missing_generic`` (bits): each of them weighs GENERIC_MISSING_WEIGHT of its weight —
    "which go test panicked error" asks what "which go test panicked" asks, and the section
    that answers one answers the other whether or not it says "error" (ADR 0092)."""
    if not missing_generic:
        return total
    lacking = sum(w for unit, w in enumerate(weights) if missing_generic >> unit & 1)
    return total - (1.0 - tuning.GENERIC_MISSING_WEIGHT) * lacking


class Weighing:
    """What a rerank's boosts take from the query and the units' weights alone, worked out once
    for every candidate: the totals, the generic units, the pairs' weights, and each line's
    share by its mask (a handful of distinct masks among all the candidates' lines)."""

    def __init__(
        self, groups: TermGroups, weights: Sequence[float] | None, asking: int = 0
    ) -> None:
        count = len(groups.units)
        self.unit_weight = list(weights) if weights is not None else [1.0] * count
        self.all_weight = sum(self.unit_weight)
        generic = generic_mask(groups) | asking
        if generic == (1 << count) - 1:
            generic = 0  # a query of generic words only is ranked by them
        self.generic = generic
        self.pair_weights = [self.unit_weight[a] + self.unit_weight[b] for a, b in groups.pairs]
        self.pair_total = sum(self.pair_weights) or 1.0
        self._line_shares: dict[int, float] = {}
        self._best_shares: dict[frozenset[int], float] = {}

    def line_share(self, mask: int) -> float:
        share = self._line_shares.get(mask)
        if share is None:
            unit_weight = self.unit_weight
            share = sum(w for unit, w in enumerate(unit_weight) if mask >> unit & 1) / (
                whole_of(unit_weight, self.all_weight, self.generic & ~mask) or 1.0
            )
            self._line_shares[mask] = share
        return share

    def best_line_share(self, masks: frozenset[int]) -> float:
        """The largest ``line_share`` of ``masks`` (0 for none), worked out once per distinct
        set: most candidates of a search share theirs with others."""
        best = self._best_shares.get(masks)
        if best is None:
            best = max([self.line_share(mask) for mask in masks], default=0.0)
            self._best_shares[masks] = best
        return best
