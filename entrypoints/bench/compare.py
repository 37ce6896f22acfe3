"""Comparing two quality reports: deltas per metric, regressions beyond a threshold."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import attrs

from domain.errors import InvalidInput

DEFAULT_THRESHOLD = 0.01

# Rates where higher is better, and the one where lower is better. Counts are not compared.
HIGHER_IS_BETTER = (
    "recall_at_1",
    "recall_at_3",
    "recall_at_5",
    "recall_at_10",
    "ndcg_at_10",
    "mrr",
    "rank_ceiling_pass_rate",
    "layer_accuracy",
    "compression",
    "summary_recall",
    "summary_perfect_rate",
    "effective_compression",
    "intent_match_recall",
    "top10_recall",
    "top10_perfect_rate",
    "search_reply_reduction",
    "search_reply_held",
    "search_reply_reduced_and_held",
    "execute_reply_reduction",
    "execute_reply_held",
    "execute_reply_reduced_and_held",
    "search_reply_reduction_large",
    "search_reply_held_large",
    "search_reply_reduced_and_held_large",
    "execute_reply_reduction_large",
    "execute_reply_held_large",
    "execute_reply_reduced_and_held_large",
)
LOWER_IS_BETTER = (
    "negative_false_positive_rate",
    "search_answered_unanswerable",
    "execute_answered_unanswerable",
)


@attrs.frozen
class Delta:
    scope: str  # "overall" or a content type
    metric: str
    before: float | None
    after: float | None
    regression: bool

    @property
    def change(self) -> float | None:
        if self.before is None or self.after is None:
            return None
        return self.after - self.before


@attrs.frozen
class CaseChange:
    """A positive case whose first relevant rank crossed the top-5 line between the reports."""

    case_id: str
    query: str
    before: int | None
    after: int | None


@attrs.frozen
class Comparison:
    deltas: tuple[Delta, ...]
    hash_mismatch: bool
    before_meta: dict[str, Any]
    after_meta: dict[str, Any]
    threshold: float
    lost: tuple[CaseChange, ...] = ()
    gained: tuple[CaseChange, ...] = ()

    @property
    def regressions(self) -> list[Delta]:
        return [d for d in self.deltas if d.regression]


def load_report(path: Path) -> dict[str, Any]:
    hint = "pass a file written by: capy bench quality --json FILE"
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise InvalidInput(f"report {path} does not exist", hint) from None
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as error:
        raise InvalidInput(f"cannot read report {path}: {error}", hint) from None
    if not isinstance(data, dict) or not isinstance(data.get("overall"), dict):
        raise InvalidInput(f"{path} is not a capy quality report", hint)
    return data


def _value(metrics: dict[str, Any], key: str) -> float | None:
    value = metrics.get(key)
    return float(value) if isinstance(value, int | float) else None


def _delta(
    scope: str, key: str, before: dict[str, Any], after: dict[str, Any], threshold: float
) -> Delta:
    old, new = _value(before, key), _value(after, key)
    regression = False
    if old is not None and new is not None:
        change = new - old
        regression = change < -threshold if key in HIGHER_IS_BETTER else change > threshold
    return Delta(scope, key, old, new, regression)


def compare_reports(
    before: dict[str, Any], after: dict[str, Any], threshold: float = DEFAULT_THRESHOLD
) -> Comparison:
    """Every compared metric, overall then per content type present in either report."""
    if threshold < 0:
        raise InvalidInput(
            f"threshold {threshold} is negative", "pass a tolerance ≥ 0, e.g. --threshold 0.01"
        )
    keys = HIGHER_IS_BETTER + LOWER_IS_BETTER
    deltas = [_delta("overall", k, before["overall"], after["overall"], threshold) for k in keys]
    old_types = before.get("by_content_type") or {}
    new_types = after.get("by_content_type") or {}
    for scope in [*old_types, *(t for t in new_types if t not in old_types)]:
        old, new = old_types.get(scope, {}), new_types.get(scope, {})
        deltas += [_delta(scope, k, old, new, threshold) for k in keys]
    before_meta = before.get("metadata") or {}
    after_meta = after.get("metadata") or {}
    mismatch = any(
        before_meta.get(key) != after_meta.get(key) for key in ("dataset_hash", "content_types")
    )
    lost, gained = _case_changes(before, after)
    return Comparison(tuple(deltas), mismatch, before_meta, after_meta, threshold, lost, gained)


def _in_top(rank: Any, k: int = 5) -> bool:
    return isinstance(rank, int) and rank <= k


def _case_changes(
    before: dict[str, Any], after: dict[str, Any]
) -> tuple[tuple[CaseChange, ...], tuple[CaseChange, ...]]:
    """Positive cases that left or entered the top 5, matched by case id."""
    old = {c.get("case_id"): c for c in before.get("cases") or [] if isinstance(c, dict)}
    lost: list[CaseChange] = []
    gained: list[CaseChange] = []
    for case in after.get("cases") or []:
        if not isinstance(case, dict) or case.get("negative"):
            continue
        previous = old.get(case.get("case_id"))
        if previous is None:
            continue
        was, now = previous.get("first_relevant_rank"), case.get("first_relevant_rank")
        change = CaseChange(str(case.get("case_id")), str(case.get("query", "")), was, now)
        if _in_top(was) and not _in_top(now):
            lost.append(change)
        elif _in_top(now) and not _in_top(was):
            gained.append(change)
    return tuple(lost), tuple(gained)
