"""When the semantic layer is asked, when it may answer alone, and how it joins the words."""

from __future__ import annotations

from domain.search import meaning
from domain.search.rrf import FusedHit
from domain.search_hit import LayerHit, SearchLayer
from domain.source_kind import SourceKind


def _hit(chunk: int, cosine: float = 0.0) -> LayerHit:
    return LayerHit(chunk, 1, "src", SourceKind.DURABLE, "t", f"text {chunk}", False, cosine)


def _fused(chunk: int, coverage: float) -> FusedHit:
    return FusedHit(_hit(chunk), 0.02, (SearchLayer.WORDS,), coverage=coverage)


def test_weak_words_are_no_words_or_a_best_section_holding_little_of_the_query() -> None:
    assert meaning.weak_lexical([])
    assert meaning.weak_lexical([_fused(1, meaning.WEAK_SHARE - 0.01)])
    assert not meaning.weak_lexical([_fused(1, 1.0)])


def test_meaning_answers_alone_when_close_or_clearly_ahead() -> None:
    close = meaning.ANSWER_SIMILARITY
    assert meaning.answers([_hit(1, close), _hit(2, close)])
    ahead = meaning.LEAD_SIMILARITY
    assert meaning.answers([_hit(1, ahead + meaning.ANSWER_LEAD), _hit(2, ahead)])
    assert not meaning.answers([_hit(1, ahead), _hit(2, ahead - 0.01)])
    assert not meaning.answers([])


def test_one_near_chunk_is_measured_against_the_real_runner_up_when_known() -> None:
    alone = [_hit(1, 0.384)]  # every other chunk below the floor
    assert not meaning.answers(alone)  # unknown: the floor stands in, 0.184 ahead
    assert meaning.answers(alone, runner_up=-0.03)  # far ahead of the rest
    assert not meaning.answers(alone, runner_up=0.19)
    assert not meaning.answers(alone, runner_up=0.9)  # a runner-up is never above the floor


def test_fusion_keeps_both_rankings_and_marks_what_meaning_found() -> None:
    fused = meaning.fuse_meaning(
        [_fused(1, 0.5), _fused(2, 0.5)], [_hit(2, 0.6), _hit(3, 0.5)], weight=1.0
    )
    assert [h.chunk_id for h in fused] == [2, 1, 3]
    assert fused[0].layers == (SearchLayer.WORDS, SearchLayer.SEMANTIC)
    assert fused[2].layers == (SearchLayer.SEMANTIC,) and fused[2].coverage == 1.0
    assert fused[2].layer_label == "semantic"


def test_sections_are_unrelated_only_when_every_near_chunk_came_back_without_them() -> None:
    best = [_fused(1, 0.1)]
    assert meaning.unrelated(best, [_hit(2, 0.5)], asked=10)
    assert meaning.unrelated(best, [], asked=10)
    assert not meaning.unrelated(best, [_hit(2, 0.5), _hit(1, 0.3)], asked=10)
    assert not meaning.unrelated(best, [_hit(2, 0.5), _hit(3, 0.4)], asked=2)  # a full list


def test_a_section_near_by_meaning_below_the_words_best_keeps_them_related() -> None:
    found = [_fused(1, 0.1), _fused(2, 0.09), _fused(4, 0.08)]
    assert not meaning.unrelated(found, [_hit(4, 0.3), _hit(7, 0.25)], asked=10)
    assert meaning.unrelated(found, [_hit(7, 0.3)], asked=10)
