"""Reciprocal Rank Fusion of the store's layers (words, substrings), keyed by chunk."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import attrs

from domain.search import tuning
from domain.search_hit import LayerHit, SearchLayer


@attrs.frozen
class FusedHit:
    """A chunk with its fused score and the layers that found it (in layer order)."""

    hit: LayerHit
    score: float
    layers: tuple[SearchLayer, ...]
    fuzzy: bool = False
    coverage: float = 1.0  # IDF-weighted share of the query's units the chunk contains

    @property
    def chunk_id(self) -> int:
        return self.hit.chunk_id

    @property
    def layer_label(self) -> str:
        """``words``, ``substrings`` or ``rrf(words+substrings)``, prefixed ``fuzzy+`` when found
        through a corrected query."""
        if len(self.layers) == 1:
            label = self.layers[0].value
        else:
            label = "rrf(" + "+".join(layer.value for layer in self.layers) + ")"
        return "fuzzy+" + label if self.fuzzy else label

    def with_score(self, score: float) -> FusedHit:
        return attrs.evolve(self, score=score)


def rrf_score(rank: int, weight: float = 1.0, k: int | None = None) -> float:
    """One layer's contribution for a 0-based ``rank``."""
    return weight / ((tuning.RRF_K if k is None else k) + rank + 1)


def fuse(
    layers: Mapping[SearchLayer, Sequence[LayerHit]],
    weights: Mapping[SearchLayer, float] | None = None,
    k: int | None = None,
) -> list[FusedHit]:
    """Sum ``weight / (k + rank)`` (1-based rank) per chunk over the layers; best first.

    Every distinct chunk stays a result (two chunks of one source with one title are two
    results). The words layer's hit stands for the chunk when there is one (its relevance is
    the one reranking weighs). Ties break on chunk id so the order is deterministic.
    """
    scores: dict[int, float] = {}
    found_by: dict[int, list[SearchLayer]] = {}
    hits: dict[int, LayerHit] = {}
    base = tuning.RRF_K if k is None else k  # ``rrf_score``'s, spelt out: it runs per hit
    for layer, layer_hits in layers.items():
        weight = 1.0 if weights is None else weights.get(layer, 1.0)
        words = layer is SearchLayer.WORDS
        seen: set[int] = set()
        for rank, hit in enumerate(layer_hits):
            chunk_id = hit.chunk_id
            if chunk_id in seen:
                continue
            seen.add(chunk_id)
            scores[chunk_id] = scores.get(chunk_id, 0.0) + weight / (base + rank + 1)
            found_by.setdefault(chunk_id, []).append(layer)
            if words or chunk_id not in hits:
                hits[chunk_id] = hit
    # Best first, ties on chunk id: the ids in order, then a stable sort on the score alone
    # (equal scores keep ascending ids), with no key tuple and no call of Python's per hit.
    order = sorted(scores)
    order.sort(key=scores.__getitem__, reverse=True)
    return [FusedHit(hits[cid], scores[cid], _in_layer_order(found_by[cid])) for cid in order]


def _in_layer_order(found: list[SearchLayer]) -> tuple[SearchLayer, ...]:
    """``found`` (each layer once) sorted by ``_layer_order``: words first, the rest as found."""
    if len(found) == 1:
        return (found[0],)
    if len(found) == 2:  # words and substrings, the common pair: at most one swap
        return (found[1], found[0]) if found[1] is SearchLayer.WORDS else (found[0], found[1])
    return tuple(sorted(found, key=_layer_order))


def _layer_order(layer: SearchLayer) -> int:
    return 0 if layer is SearchLayer.WORDS else 1
