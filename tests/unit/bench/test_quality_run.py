"""The quality runner through the real container, on the in-memory store."""

from __future__ import annotations

from pathlib import Path

from rich.console import Console

from adapters.memory.fake_embedder import FakeEmbedder
from domain.bench.quality_metrics import QualityMetrics
from entrypoints.bench.bench_store import StoreChoice, off_embedder
from entrypoints.bench.fixtures import load_corpus
from entrypoints.bench.quality import run_quality
from entrypoints.bench.report import build_report
from entrypoints.bench.tables import print_halves
from tests.unit.bench.tiny_corpus import small_entries, write_fixtures


def test_runs_every_case_and_builds_a_report(small_fixtures: Path) -> None:
    corpus = load_corpus(small_fixtures)
    seen: list[tuple[str, int]] = []
    run = run_quality(corpus, StoreChoice.MEMORY, lambda t, n: seen.append((t, n)))
    assert [o.case_id for o in run.outcomes] == ["md_001_q1", "md_001_q2", "pt_001_q1"]
    assert seen[-1] == ("plaintext", 3)
    by_id = {o.case_id: o for o in run.outcomes}
    pool = by_id["md_001_q1"]
    assert pool.first_relevant_rank == 1
    assert pool.top_needles == 1
    assert pool.summary_bytes > 0
    quota = by_id["pt_001_q1"]
    assert quota.first_relevant_rank == 1

    report = build_report(corpus, run, StoreChoice.MEMORY)
    assert report["metadata"]["dataset_hash"] == corpus.dataset_hash
    assert report["metadata"]["store"] == "memory"
    assert set(report["by_content_type"]) == {"markdown", "plaintext"}
    assert report["overall"] == QualityMetrics.of(list(run.outcomes)).as_dict()
    assert len(report["cases"]) == 3
    for failure in report["failures"]:
        assert failure["type"] in {"negative_false_positive", "rank_ceiling", "no_relevant_result"}


def test_a_haystack_capy_refuses_is_reported_and_its_cases_fail(tmp_path: Path) -> None:
    entries = small_entries()
    huge = "word " * 500_000 + "the needle line"
    entries[1]["haystack"] = huge
    entries[1]["cases"][0]["needles"] = ["the needle line"]  # type: ignore[index]
    corpus = load_corpus(write_fixtures(tmp_path, entries))
    run = run_quality(corpus, StoreChoice.MEMORY)
    (error,) = run.index_errors
    assert error.startswith("pt_001: ")
    (quota,) = [o for o in run.outcomes if o.case_id == "pt_001_q1"]
    assert quota.first_relevant_rank is None


def test_answerable_questions_are_also_searched_misspelt_and_padded_and_reported_by_half(
    small_fixtures: Path,
) -> None:
    corpus = load_corpus(small_fixtures)
    run = run_quality(corpus, StoreChoice.MEMORY)
    asked = {o.case_id for o in run.outcomes if not o.is_negative}
    assert {v.case_id for v in run.variants} == asked
    assert {v.kind for v in run.variants} == {"typo", "generic"}
    report = build_report(corpus, run, StoreChoice.MEMORY)
    halves = report["halves"]
    assert set(halves) == {"tuning", "check"}
    assert sum(h["metrics"]["cases"] for h in halves.values()) == len(run.outcomes)
    typos = sum(h["ranking"]["typo"]["cases"] for h in halves.values())
    assert typos == sum(1 for v in run.variants if v.kind == "typo")
    assert all(case["half"] in {"tuning", "check"} for case in report["cases"])
    bare = run_quality(corpus, StoreChoice.MEMORY, variants=False)
    assert bare.variants == ()


def test_with_the_semantic_layer_each_case_has_the_layer_s_own_ranking_beside_the_search_s(
    small_fixtures: Path,
) -> None:
    corpus = load_corpus(small_fixtures)
    run = run_quality(corpus, StoreChoice.MEMORY, variants=False, embedder=FakeEmbedder())
    by_id = {o.case_id: o for o in run.outcomes}
    assert all(o.meaning is not None for o in run.outcomes)
    # "pool size connections": the words of the Configuration section, near by meaning too.
    assert by_id["md_001_q1"].meaning_rank == 1
    report = build_report(corpus, run, StoreChoice.MEMORY)
    cases = {c["case_id"]: c for c in report["cases"]}
    assert cases["md_001_q1"]["meaning_rank"] == 1
    assert cases["md_001_q2"]["meaning_results"] == len(by_id["md_001_q2"].meaning or ())
    assert report["overall"]["meaning_recall_at_1"] is not None
    console = Console(record=True, width=160)
    print_halves(report, console)
    assert "R@1 of the semantic layer alone" in console.export_text()


def test_without_the_semantic_layer_no_case_has_its_ranking(small_fixtures: Path) -> None:
    corpus = load_corpus(small_fixtures)
    run = run_quality(corpus, StoreChoice.MEMORY, variants=False, embedder=off_embedder())
    assert all(o.meaning is None for o in run.outcomes)
    report = build_report(corpus, run, StoreChoice.MEMORY)
    assert all(c["meaning_rank"] is None for c in report["cases"])
    assert all(c["meaning_results"] is None for c in report["cases"])
    assert report["overall"]["meaning_recall_at_1"] is None
