"""Comparing reports: deltas, regressions beyond the threshold, dataset-hash warnings."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from domain.errors import InvalidInput
from entrypoints.bench.compare import compare_reports, load_report


def report(r1: float = 0.8, fp_rate: float = 0.2, dataset: str = "sha256:a") -> dict[str, Any]:
    metrics = {"recall_at_1": r1, "mrr": 0.85, "negative_false_positive_rate": fp_rate}
    return {
        "metadata": {"dataset_hash": dataset, "git_sha": "abc"},
        "overall": metrics,
        "by_content_type": {"json": dict(metrics)},
    }


def test_identical_reports_have_no_regressions() -> None:
    comparison = compare_reports(report(), report())
    assert not comparison.regressions
    assert not comparison.hash_mismatch


def test_a_drop_beyond_the_threshold_is_a_regression_overall_and_per_type() -> None:
    comparison = compare_reports(report(r1=0.8), report(r1=0.75), threshold=0.01)
    assert {(d.scope, d.metric) for d in comparison.regressions} == {
        ("overall", "recall_at_1"),
        ("json", "recall_at_1"),
    }


def test_a_drop_within_the_threshold_is_tolerated() -> None:
    assert not compare_reports(report(r1=0.8), report(r1=0.795), threshold=0.01).regressions


def test_more_negative_false_positives_is_a_regression() -> None:
    comparison = compare_reports(report(fp_rate=0.1), report(fp_rate=0.3))
    assert {d.metric for d in comparison.regressions} == {"negative_false_positive_rate"}
    assert not compare_reports(report(fp_rate=0.3), report(fp_rate=0.1)).regressions


def test_different_datasets_are_flagged() -> None:
    assert compare_reports(report(), report(dataset="sha256:b")).hash_mismatch


def test_negative_threshold_is_refused() -> None:
    with pytest.raises(InvalidInput, match="negative"):
        compare_reports(report(), report(), threshold=-0.1)


def test_unreadable_or_foreign_files_are_refused(tmp_path: Path) -> None:
    with pytest.raises(InvalidInput, match="does not exist"):
        load_report(tmp_path / "missing.json")
    garbage = tmp_path / "garbage.json"
    garbage.write_text("{nope", encoding="utf-8")
    with pytest.raises(InvalidInput, match="cannot read"):
        load_report(garbage)
    foreign = tmp_path / "foreign.json"
    foreign.write_text(json.dumps({"hello": 1}), encoding="utf-8")
    with pytest.raises(InvalidInput, match="not a capy quality report"):
        load_report(foreign)


def test_cases_that_leave_or_enter_the_top_five_are_listed() -> None:
    def cases(ranks: dict[str, int | None]) -> list[dict[str, Any]]:
        return [
            {"case_id": cid, "query": f"q {cid}", "negative": False, "first_relevant_rank": rank}
            for cid, rank in ranks.items()
        ] + [{"case_id": "neg", "negative": True, "first_relevant_rank": None}]

    before = dict(report(), cases=cases({"a": 1, "b": 7, "c": 2, "d": None}))
    after = dict(report(), cases=cases({"a": None, "b": 3, "c": 4, "d": None}))
    comparison = compare_reports(before, after)
    assert [(c.case_id, c.before, c.after) for c in comparison.lost] == [("a", 1, None)]
    assert [(c.case_id, c.before, c.after) for c in comparison.gained] == [("b", 7, 3)]
    assert comparison.lost[0].query == "q a"
