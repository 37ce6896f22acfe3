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
    for layer, layer_hits in layers.items():
        weight = 1.0 if weights is None else weights.get(layer, 1.0)
        seen: set[int] = set()
        for rank, hit in enumerate(layer_hits):
            if hit.chunk_id in seen:
                continue
            seen.add(hit.chunk_id)
            scores[hit.chunk_id] = scores.get(hit.chunk_id, 0.0) + rrf_score(rank, weight, k)
            found_by.setdefault(hit.chunk_id, []).append(layer)
            if hit.chunk_id not in hits or layer is SearchLayer.WORDS:
                hits[hit.chunk_id] = hit
    fused = [
        FusedHit(hits[cid], scores[cid], tuple(sorted(found_by[cid], key=_layer_order)))
        for cid in scores
    ]
    fused.sort(key=lambda f: (-f.score, f.chunk_id))
    return fused


def _layer_order(layer: SearchLayer) -> int:
    return 0 if layer is SearchLayer.WORDS else 1
