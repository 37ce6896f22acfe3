"""Fusion, spelt out for speed, gives what summing ``rrf_score`` per chunk and sorting the
fused hits gives: the same hits, scores to the bit, layers and order."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from hypothesis import given
from hypothesis import strategies as st

from domain.search.rrf import FusedHit, _in_layer_order, fuse, rrf_score
from domain.search_hit import LayerHit, SearchLayer
from domain.source_kind import SourceKind


def _hit(chunk_id: int, layer: SearchLayer) -> LayerHit:
    return LayerHit(
        chunk_id=chunk_id,
        source_id=1,
        label=layer.value,  # tells which layer's hit stands for the chunk
        kind=SourceKind.DURABLE,
        title="t",
        content=f"content {chunk_id}",
        has_code=False,
        relevance=1.0,
    )


def _reference(
    layers: Mapping[SearchLayer, Sequence[LayerHit]],
    weights: Mapping[SearchLayer, float] | None,
    k: int | None,
) -> list[FusedHit]:
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
    order = {SearchLayer.WORDS: 0}
    fused = [
        FusedHit(
            hits[cid],
            scores[cid],
            tuple(sorted(found_by[cid], key=lambda layer: order.get(layer, 1))),
        )
        for cid in scores
    ]
    fused.sort(key=lambda f: (-f.score, f.chunk_id))
    return fused


_IDS = st.lists(st.integers(0, 12), max_size=15)


@given(
    _IDS,
    _IDS,
    st.booleans(),
    st.one_of(st.none(), st.floats(0.1, 3.0)),
    st.one_of(st.none(), st.integers(0, 80)),
)
def test_fusion_is_the_summed_reciprocal_ranks_best_first(
    substrings: list[int], words: list[int], words_first: bool, weight: float | None, k: int | None
) -> None:
    layers: dict[SearchLayer, list[LayerHit]] = {}
    order = [SearchLayer.WORDS, SearchLayer.SUBSTRINGS]
    for layer in order if words_first else order[::-1]:
        ids = words if layer is SearchLayer.WORDS else substrings
        layers[layer] = [_hit(cid, layer) for cid in ids]
    weights = None if weight is None else {SearchLayer.SUBSTRINGS: weight}
    assert fuse(layers, weights, k) == _reference(layers, weights, k)


@given(st.permutations(list(SearchLayer)), st.integers(1, 3))
def test_layers_are_put_in_layer_order(layers: list[SearchLayer], count: int) -> None:
    found = layers[:count]
    expected = tuple(sorted(found, key=lambda layer: 0 if layer is SearchLayer.WORDS else 1))
    assert _in_layer_order(found) == expected
