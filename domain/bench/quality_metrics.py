"""The quality numbers of a set of case outcomes (one content type, or all of them)."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import attrs

from domain.bench.case_outcome import CaseOutcome
from domain.bench.ranking import hit_at, ndcg_at, reciprocal_rank
from domain.search.reply_tuning import WHOLE_OUTPUT_MAX_BYTES


def _mean(values: Sequence[float]) -> float:
    return sum(values) / len(values) if values else 0.0


def _share(outcomes: Sequence[CaseOutcome], test: Callable[[CaseOutcome], bool]) -> float:
    return sum(1 for o in outcomes if test(o)) / len(outcomes) if outcomes else 0.0


# capy_execute may return output of this size or less whole (when it cannot be confident its
# intent reply holds what was asked, ADR 0053), so the agent's view is also reported over the
# larger outputs alone.
LARGE_OUTPUT_BYTES = WHOLE_OUTPUT_MAX_BYTES
REDUCED = 0.9  # "≥ 90 % smaller"


def _reduced_and_held(outcome: CaseOutcome, reply_bytes: int, held: bool) -> float:
    return 1.0 if held and outcome.reduction(reply_bytes) >= REDUCED else 0.0


@attrs.frozen
class QualityMetrics:
    """Averages over positive cases unless the name says otherwise.

    Ranking: ``recall_at_k`` (a relevant result in the top k), ``ndcg_at_10``, ``mrr``,
    ``rank_ceiling_pass_rate`` (first relevant rank ≤ the case's ceiling).
    Negatives: ``negative_false_positives`` (negative cases that returned any result).
    Context reduction, measured on the intent-search summary text the agent would receive:
    ``compression`` (mean of 1 − summary/haystack bytes, all cases), ``summary_recall``
    (needles present in that text), ``summary_perfect_rate``, ``effective_compression`` (mean of
    compression × summary recall over positives), ``intent_match_recall`` (needles in the full
    text of the sections the summary previews: the ceiling for summary recall). The looser
    variant the Go capy published: ``top10_recall`` / ``top10_perfect_rate`` (needles present
    in the full contents of the top 10 results, text the agent would still have to fetch).
    The agent's view, over positives: ``search_reply_reduction`` (mean of 1 − reply/haystack
    bytes of the ``capy_search`` reply, top 3), ``search_reply_held`` (share of cases whose
    reply holds every needle), ``search_reply_reduced_and_held`` (share of cases whose reply is
    ≥ 90 % smaller *and* holds every needle); the same three for the ``capy_execute`` intent
    reply; over negatives, ``*_answered_unanswerable`` (share of unanswerable questions that got
    any result / any matching section). Without an intent, over positives whose output gets
    the compact view: ``compact_reduction`` / ``compact_held`` (the view alone) and
    ``compact_followup_*`` (the view plus one source-scoped capy_search for the question).
    The ``*_large`` numbers are the agent's view over positives whose output is over
    ``LARGE_OUTPUT_BYTES`` (``large_cases`` of them): a smaller output may come back whole.
    With the semantic layer, over positives: ``meaning_recall_at_1`` / ``_at_5`` (the layer's
    own list, before fusion and answerability) and ``meaning_first_lost`` (the layer alone
    ranked the answer first, the search did not); None without the layer.
    """

    cases: int
    positives: int
    negatives: int
    recall_at_1: float
    recall_at_3: float
    recall_at_5: float
    recall_at_10: float
    ndcg_at_10: float
    mrr: float
    rank_ceiling_pass_rate: float
    layer_accuracy: float | None
    negative_false_positives: int
    negative_false_positive_rate: float
    compression: float
    summary_recall: float
    summary_perfect_rate: float
    effective_compression: float
    intent_match_recall: float
    top10_recall: float
    top10_perfect_rate: float
    search_reply_reduction: float = 0.0
    search_reply_held: float = 0.0
    search_reply_reduced_and_held: float = 0.0
    search_answered_unanswerable: float = 0.0
    execute_reply_reduction: float = 0.0
    execute_reply_held: float = 0.0
    execute_reply_reduced_and_held: float = 0.0
    execute_answered_unanswerable: float = 0.0
    compact_cases: int = 0
    compact_reduction: float = 0.0
    compact_held: float = 0.0
    compact_followup_reduction: float = 0.0
    compact_followup_held: float = 0.0
    large_cases: int = 0
    search_reply_reduction_large: float = 0.0
    search_reply_held_large: float = 0.0
    search_reply_reduced_and_held_large: float = 0.0
    execute_reply_reduction_large: float = 0.0
    execute_reply_held_large: float = 0.0
    execute_reply_reduced_and_held_large: float = 0.0
    meaning_recall_at_1: float | None = None
    meaning_recall_at_5: float | None = None
    meaning_first_lost: float | None = None

    @classmethod
    def of(cls, outcomes: Sequence[CaseOutcome]) -> QualityMetrics:
        positives = [o for o in outcomes if not o.is_negative]
        negatives = [o for o in outcomes if o.is_negative]

        def over(metric: Callable[[CaseOutcome], float]) -> float:
            return _mean([metric(o) for o in positives])

        ceilinged = [o for o in positives if o.rank_ceiling > 0]
        passed = [
            o
            for o in ceilinged
            if o.first_relevant_rank is not None and o.first_relevant_rank <= o.rank_ceiling
        ]
        layered = [o for o in positives if o.expected_layer]
        compact = [o for o in positives if o.compact_bytes]
        large = [o for o in positives if o.haystack_bytes > LARGE_OUTPUT_BYTES]
        false_positives = sum(1 for o in negatives if o.result_count > 0)
        return cls(
            cases=len(outcomes),
            positives=len(positives),
            negatives=len(negatives),
            recall_at_1=over(lambda o: hit_at(o.relevant, 1)),
            recall_at_3=over(lambda o: hit_at(o.relevant, 3)),
            recall_at_5=over(lambda o: hit_at(o.relevant, 5)),
            recall_at_10=over(lambda o: hit_at(o.relevant, 10)),
            ndcg_at_10=over(lambda o: ndcg_at(o.relevant, 10)),
            mrr=over(lambda o: reciprocal_rank(o.relevant)),
            rank_ceiling_pass_rate=len(passed) / len(ceilinged) if ceilinged else 0.0,
            layer_accuracy=(
                sum(1 for o in layered if o.top_layer == o.expected_layer) / len(layered)
                if layered
                else None
            ),
            negative_false_positives=false_positives,
            negative_false_positive_rate=false_positives / len(negatives) if negatives else 0.0,
            compression=_mean([o.compression for o in outcomes]),
            summary_recall=over(lambda o: o.summary_recall),
            summary_perfect_rate=over(lambda o: 1.0 if o.summary_recall == 1.0 else 0.0),
            effective_compression=over(lambda o: o.compression * o.summary_recall),
            intent_match_recall=over(lambda o: o.intent_recall),
            top10_recall=over(lambda o: o.top_recall),
            top10_perfect_rate=over(lambda o: 1.0 if o.top_recall == 1.0 else 0.0),
            search_reply_reduction=over(lambda o: o.reduction(o.search_reply_bytes)),
            search_reply_held=over(lambda o: 1.0 if o.search_reply_held else 0.0),
            search_reply_reduced_and_held=over(
                lambda o: (
                    1.0 if o.search_reply_held and o.reduction(o.search_reply_bytes) >= 0.9 else 0.0
                )
            ),
            search_answered_unanswerable=_share(negatives, lambda o: o.search_reply_results > 0),
            execute_reply_reduction=over(lambda o: o.reduction(o.execute_reply_bytes)),
            execute_reply_held=over(lambda o: 1.0 if o.execute_reply_held else 0.0),
            execute_reply_reduced_and_held=over(
                lambda o: (
                    1.0
                    if o.execute_reply_held and o.reduction(o.execute_reply_bytes) >= 0.9
                    else 0.0
                )
            ),
            execute_answered_unanswerable=_share(negatives, lambda o: o.execute_reply_matches > 0),
            compact_cases=len(compact),
            compact_reduction=_mean([o.reduction(o.compact_bytes) for o in compact]),
            compact_held=_share(compact, lambda o: o.compact_needles == len(o.needles)),
            compact_followup_reduction=_mean(
                [o.reduction(o.compact_bytes + o.followup_bytes) for o in compact]
            ),
            compact_followup_held=_share(
                compact, lambda o: max(o.compact_needles, o.followup_needles) == len(o.needles)
            ),
            large_cases=len(large),
            search_reply_reduction_large=_mean([o.reduction(o.search_reply_bytes) for o in large]),
            search_reply_held_large=_share(large, lambda o: o.search_reply_held),
            search_reply_reduced_and_held_large=_mean(
                [_reduced_and_held(o, o.search_reply_bytes, o.search_reply_held) for o in large]
            ),
            execute_reply_reduction_large=_mean(
                [o.reduction(o.execute_reply_bytes) for o in large]
            ),
            execute_reply_held_large=_share(large, lambda o: o.execute_reply_held),
            execute_reply_reduced_and_held_large=_mean(
                [_reduced_and_held(o, o.execute_reply_bytes, o.execute_reply_held) for o in large]
            ),
            **_meaning_alone(positives),
        )

    def as_dict(self) -> dict[str, float | int | None]:
        return attrs.asdict(self)


def _meaning_alone(positives: Sequence[CaseOutcome]) -> dict[str, float | None]:
    """The semantic layer's own ranking over the answerable questions it was asked (none when
    it was not there): its R@1 and R@5, and the share it ranked first that the search did not
    — the answers lost between the layer and the reply (when it is asked, how it is fused,
    answerability)."""
    asked = [o for o in positives if o.meaning is not None]
    if not asked:
        return {}
    return {
        "meaning_recall_at_1": _share(asked, lambda o: o.meaning_rank == 1),
        "meaning_recall_at_5": _share(asked, lambda o: (o.meaning_rank or 6) <= 5),
        "meaning_first_lost": _share(
            asked, lambda o: o.meaning_rank == 1 and o.first_relevant_rank != 1
        ),
    }


def ranking_summary(relevant: Sequence[Sequence[bool]]) -> dict[str, float | int]:
    """R@1, MRR and the share that got no result at all, over answerable questions' result
    flags (a question, or its variants)."""
    return {
        "cases": len(relevant),
        "recall_at_1": _mean([hit_at(flags, 1) for flags in relevant]),
        "mrr": _mean([reciprocal_rank(flags) for flags in relevant]),
        "silent": _mean([0.0 if flags else 1.0 for flags in relevant]),
    }
