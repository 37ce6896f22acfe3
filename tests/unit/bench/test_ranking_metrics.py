"""Ranking metrics and their aggregation over case outcomes."""

from __future__ import annotations

import math

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from domain.bench.case_outcome import CaseOutcome
from domain.bench.quality_metrics import QualityMetrics
from domain.bench.ranking import hit_at, ndcg_at, reciprocal_rank


def outcome(
    relevant: tuple[bool, ...],
    needles: tuple[str, ...] = ("needle",),
    *,
    ceiling: int = 3,
    summary_bytes: int = 100,
    haystack_bytes: int = 1000,
    summary_needles: int = 0,
    top_needles: int | None = None,
    content_type: str = "markdown",
) -> CaseOutcome:
    return CaseOutcome(
        case_id=f"c{len(relevant)}{relevant}",
        content_type=content_type,
        query="q",
        needles=needles,
        relevant=relevant,
        rank_ceiling=ceiling if needles else 0,
        summary_bytes=summary_bytes,
        haystack_bytes=haystack_bytes,
        summary_needles=summary_needles,
        top_needles=(1 if any(relevant) else 0) if top_needles is None else top_needles,
    )


def test_hit_at_k() -> None:
    flags = [False, False, True]
    assert hit_at(flags, 1) == 0.0
    assert hit_at(flags, 3) == 1.0
    assert hit_at([], 10) == 0.0


def test_reciprocal_rank_is_one_over_first_relevant_rank() -> None:
    assert reciprocal_rank([False, True, True]) == 0.5
    assert reciprocal_rank([False, False]) == 0.0


def test_ndcg_rewards_early_relevant_results() -> None:
    assert ndcg_at([True, False, False]) == 1.0
    assert math.isclose(ndcg_at([False, True]), 1 / math.log2(3))
    assert ndcg_at([False] * 10) == 0.0
    # two relevant results, ideal is both on top
    expected = (1 + 1 / math.log2(4)) / (1 + 1 / math.log2(3))
    assert math.isclose(ndcg_at([True, False, True]), expected)


@given(st.lists(st.booleans(), max_size=15))
def test_ndcg_is_between_zero_and_one(flags: list[bool]) -> None:
    value = ndcg_at(flags, 10)
    assert 0.0 <= value <= 1.0 + 1e-12
    if flags[:1] == [True] and sum(flags[:10]) == 1 and sum(flags) == 1:
        assert value == 1.0


def test_metrics_average_positive_cases_and_count_negative_false_positives() -> None:
    outcomes = [
        outcome((True,), summary_needles=1),
        outcome((False, True), ceiling=1),
        outcome((False,) * 10),
        outcome((), needles=()),
        outcome((False, False), needles=()),
    ]
    metrics = QualityMetrics.of(outcomes)
    assert (metrics.positives, metrics.negatives) == (3, 2)
    assert math.isclose(metrics.recall_at_1, 1 / 3)
    assert math.isclose(metrics.recall_at_3, 2 / 3)
    assert math.isclose(metrics.mrr, (1 + 0.5 + 0) / 3)
    assert math.isclose(metrics.rank_ceiling_pass_rate, 1 / 3)
    assert metrics.negative_false_positives == 1
    assert metrics.negative_false_positive_rate == 0.5
    assert math.isclose(metrics.summary_recall, 1 / 3)
    assert math.isclose(metrics.top10_recall, 2 / 3)
    assert metrics.layer_accuracy is None


def test_compression_is_measured_on_the_summary_and_never_negative() -> None:
    small = outcome((True,), summary_bytes=250, haystack_bytes=1000, summary_needles=1)
    larger = outcome((True,), summary_bytes=3000, haystack_bytes=1000)
    assert small.compression == 0.75
    assert larger.compression == 0.0
    metrics = QualityMetrics.of([small, larger])
    assert metrics.compression == 0.375
    # effective compression pairs each case's compression with its own summary recall
    assert metrics.effective_compression == (0.75 * 1 + 0.0 * 0) / 2


def test_negative_cases_do_not_count_as_perfect_recall() -> None:
    metrics = QualityMetrics.of([outcome((), needles=())])
    assert metrics.summary_recall == 0.0
    assert metrics.top10_recall == 0.0
    assert metrics.positives == 0


def test_empty_outcomes_give_zeros() -> None:
    metrics = QualityMetrics.of([])
    assert metrics.cases == 0
    assert metrics.recall_at_1 == 0.0


def test_the_agent_view_is_judged_on_the_reply_texts() -> None:
    held_small = attrs.evolve(
        outcome((True,)), search_reply_bytes=50, search_reply_needles=1, execute_reply_bytes=400
    )
    held_large = attrs.evolve(
        outcome((True,)), search_reply_bytes=500, search_reply_needles=1, execute_reply_needles=1
    )
    unanswerable = attrs.evolve(outcome((), needles=()), search_reply_results=2)
    metrics = QualityMetrics.of([held_small, held_large, unanswerable])
    assert metrics.search_reply_reduction == pytest.approx((0.95 + 0.5) / 2)
    assert metrics.search_reply_held == 1.0
    assert metrics.search_reply_reduced_and_held == 0.5
    assert metrics.search_answered_unanswerable == 1.0
    assert metrics.execute_reply_held == 0.5
    assert metrics.execute_reply_reduced_and_held == 0.5  # 0 bytes counts as 100 % smaller
    assert metrics.execute_answered_unanswerable == 0.0


def test_the_semantic_layer_alone_is_measured_over_the_questions_it_was_asked() -> None:
    lost = attrs.evolve(outcome((False, True)), meaning=(True, False))  # layer 1st, search 2nd
    kept = attrs.evolve(outcome((True,)), meaning=(False, False, True))  # the search found it
    found_by_both = attrs.evolve(outcome((True, False, False)), meaning=(True,))
    not_asked = outcome((False,))  # words alone: not counted
    unanswerable = attrs.evolve(outcome((), needles=()), meaning=(False,))
    metrics = QualityMetrics.of([lost, kept, found_by_both, not_asked, unanswerable])
    assert metrics.meaning_recall_at_1 == pytest.approx(2 / 3)
    assert metrics.meaning_recall_at_5 == pytest.approx(1.0)
    assert metrics.meaning_first_lost == pytest.approx(1 / 3)
    assert (lost.meaning_rank, kept.meaning_rank, not_asked.meaning_rank) == (1, 3, None)


def test_without_the_semantic_layer_its_numbers_are_absent_not_zero() -> None:
    metrics = QualityMetrics.of([outcome((True,)), outcome((False,))])
    assert metrics.meaning_recall_at_1 is None
    assert metrics.meaning_first_lost is None
