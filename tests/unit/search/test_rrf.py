"""Reciprocal Rank Fusion keyed by chunk."""

from __future__ import annotations

import attrs
import pytest

from domain.search.rrf import fuse, rrf_score
from domain.search_hit import LayerHit, SearchLayer
from domain.source_kind import SourceKind


def hit(chunk_id: int, title: str = "t", source_id: int = 1) -> LayerHit:
    return LayerHit(
        chunk_id=chunk_id,
        source_id=source_id,
        label="s",
        kind=SourceKind.DURABLE,
        title=title,
        content=f"content {chunk_id}",
        has_code=False,
        relevance=1.0,
    )


def test_rrf_score_uses_k_60_and_one_based_rank() -> None:
    assert rrf_score(0) == pytest.approx(1 / 61)
    assert rrf_score(2, weight=0.5) == pytest.approx(0.5 / 63)


def test_chunks_found_by_both_layers_sum_their_scores_and_are_tagged_rrf() -> None:
    fused = fuse({SearchLayer.WORDS: [hit(1), hit(2)], SearchLayer.SUBSTRINGS: [hit(2), hit(3)]})
    assert [f.chunk_id for f in fused] == [2, 1, 3]
    assert fused[0].score == pytest.approx(1 / 62 + 1 / 61)
    assert [f.layer_label for f in fused] == ["rrf(words+substrings)", "words", "substrings"]


def test_chunks_sharing_a_title_stay_distinct_results() -> None:
    fused = fuse({SearchLayer.WORDS: [hit(1, "Same"), hit(2, "Same")]})
    assert [f.chunk_id for f in fused] == [1, 2]


def test_layer_weights_scale_contributions_and_ties_break_on_chunk_id() -> None:
    fused = fuse(
        {SearchLayer.WORDS: [hit(5)], SearchLayer.SUBSTRINGS: [hit(4)]},
        {SearchLayer.WORDS: 1.0, SearchLayer.SUBSTRINGS: 1.0},
    )
    assert [f.chunk_id for f in fused] == [4, 5]
    weighted = fuse(
        {SearchLayer.WORDS: [hit(5)], SearchLayer.SUBSTRINGS: [hit(4)]},
        {SearchLayer.WORDS: 1.0, SearchLayer.SUBSTRINGS: 0.5},
    )
    assert [f.chunk_id for f in weighted] == [5, 4]


def test_the_porter_hit_stands_for_a_chunk_both_layers_found() -> None:
    porter = attrs.evolve(hit(1), relevance=7.0)
    fused = fuse({SearchLayer.SUBSTRINGS: [hit(1)], SearchLayer.WORDS: [porter]})
    assert fused[0].hit.relevance == 7.0
    assert fused[0].layers == (SearchLayer.WORDS, SearchLayer.SUBSTRINGS)
