"""The quality report: metadata, metrics overall and per content type, failures (JSON-ready)."""

from __future__ import annotations

import os
import platform
import sqlite3
import subprocess
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from domain.bench.case_outcome import CaseOutcome, VariantOutcome
from domain.bench.quality_metrics import QualityMetrics, ranking_summary
from domain.bench.variants import Half, VariantKind, half_of
from entrypoints.bench.bench_store import StoreChoice
from entrypoints.bench.fixtures import Corpus
from entrypoints.bench.quality import INTENT_LIMIT, SEARCH_LIMIT, QualityRun
from entrypoints.version import capy_version

REPORT_VERSION = 1


def _git(*args: str) -> str:
    try:
        done = subprocess.run(
            ["git", *args], capture_output=True, text=True, timeout=5, check=False
        )
    except (OSError, subprocess.SubprocessError):
        return "unknown"
    return done.stdout.strip() or "unknown" if done.returncode == 0 else "unknown"


def _metrics(outcomes: list[CaseOutcome]) -> dict[str, Any]:
    return QualityMetrics.of(outcomes).as_dict()


def _failures(outcomes: tuple[CaseOutcome, ...]) -> list[dict[str, Any]]:
    found: list[dict[str, Any]] = []

    def add(o: CaseOutcome, kind: str, expected: str, actual: str) -> None:
        found.append(
            {
                "case_id": o.case_id,
                "content_type": o.content_type,
                "type": kind,
                "query": o.query,
                "expected": expected,
                "actual": actual,
                "top_results": list(o.top_titles),
            }
        )

    for o in outcomes:
        if o.is_negative:
            if o.result_count:
                add(o, "negative_false_positive", "no results", f"{o.result_count} results")
            continue
        rank = o.first_relevant_rank
        if not o.result_count:
            add(o, "no_results", f"a section containing {o.needles[0]!r}", "no results")
        elif rank is None:
            add(o, "no_relevant_result", f"a section containing {o.needles[0]!r}", "not in top 10")
        elif o.rank_ceiling and rank > o.rank_ceiling:
            add(o, "rank_ceiling", f"rank ≤ {o.rank_ceiling}", f"rank {rank}")
        if o.expected_layer and o.top_layer != o.expected_layer:
            add(o, "match_layer", o.expected_layer, o.top_layer or "none")
    return found


def _halves(run: QualityRun) -> dict[str, Any]:
    """Per half (``domain.bench.variants``): every metric of its cases, and the ranking of its
    answerable questions as asked, misspelt and padded (the variants of a question are in its
    half)."""
    halves: dict[str, Any] = {}
    for half in Half:
        outcomes = [o for o in run.outcomes if half_of(o.case_id) is half]
        clean = [o.relevant for o in outcomes if not o.is_negative]
        ranking = {"clean": ranking_summary(clean)}
        for kind in VariantKind:
            ranking[kind.value] = ranking_summary(
                [v.relevant for v in run.variants if v.kind == kind and half_of(v.case_id) is half]
            )
        halves[half.value] = {"metrics": _metrics(outcomes), "ranking": ranking}
    return halves


def _variant_failures(run: QualityRun) -> list[dict[str, Any]]:
    """Variants that lost what their question found at rank 1: no result, or a worse rank."""
    first = {o.case_id: o.first_relevant_rank for o in run.outcomes}
    lost: list[VariantOutcome] = [
        v for v in run.variants if first.get(v.case_id) == 1 and v.first_relevant_rank != 1
    ]
    return [
        {
            "case_id": v.case_id,
            "half": half_of(v.case_id).value,
            "kind": v.kind,
            "slip": v.slip,
            "query": v.query,
            "rank": v.first_relevant_rank,
            "results": len(v.relevant),
        }
        for v in lost
    ]


def environment() -> dict[str, str]:
    """When, on what code and on what machine a measurement was taken."""
    return {
        "timestamp": datetime.now(UTC).isoformat(timespec="seconds"),
        "git_sha": _git("rev-parse", "HEAD"),
        "git_branch": _git("rev-parse", "--abbrev-ref", "HEAD"),
        "capy_version": capy_version(),
        "python_version": platform.python_version(),
        "sqlite_version": sqlite3.sqlite_version,
        "platform": platform.platform(),
        "cpus": str(os.cpu_count() or "?"),
    }


def build_report(corpus: Corpus, run: QualityRun, store: StoreChoice) -> dict[str, Any]:
    """Everything ``capy bench compare`` and a reader need, as plain JSON values."""
    outcomes = list(run.outcomes)
    return {
        "report_version": REPORT_VERSION,
        "metadata": {
            **environment(),
            "dataset_hash": corpus.dataset_hash,
            "fixture_files": list(corpus.files),
            "content_types": corpus.content_types(),
            "skipped_cases": list(corpus.skipped),
            "index_errors": list(run.index_errors),
            "store": store.value,
            "search_limit": SEARCH_LIMIT,
            "intent_limit": INTENT_LIMIT,
            "seconds": round(run.seconds, 2),
        },
        "overall": _metrics(outcomes),
        "halves": _halves(run),
        "by_content_type": {
            t: _metrics([o for o in outcomes if o.content_type == t])
            for t in corpus.content_types()
        },
        "timings": [
            {
                "content_type": t.content_type,
                "chunks": t.chunks,
                "index_seconds": round(t.index_seconds, 4),
                "searches": t.searches,
                "search_ms_mean": round(1000 * t.search_seconds / max(t.searches, 1), 3),
            }
            for t in run.timings
        ],
        "cases": [
            {
                "case_id": o.case_id,
                "half": half_of(o.case_id).value,
                "content_type": o.content_type,
                "query": o.query,
                "negative": o.is_negative,
                "results": o.result_count,
                "first_relevant_rank": o.first_relevant_rank,
                "compression": round(o.compression, 4),
                "summary_recall": round(o.summary_recall, 4),
                "top10_recall": round(o.top_recall, 4),
                "top_layer": o.top_layer,
                "meaning_rank": o.meaning_rank,
                "meaning_results": None if o.meaning is None else len(o.meaning),
                "execute_reply_bytes": o.execute_reply_bytes,
                "execute_reply_held": o.execute_reply_held,
                "execute_reply_matches": o.execute_reply_matches,
            }
            for o in outcomes
        ],
        "failures": _failures(run.outcomes),
        "variant_failures": _variant_failures(run),
    }


def default_report_name(directory: Path) -> Path:
    return directory / f"bench-quality-{datetime.now(UTC):%Y%m%dT%H%M%SZ}.json"
