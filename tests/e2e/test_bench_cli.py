"""``capy bench`` through the installed command: quality, compare and perf."""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path
from typing import Any

import pytest

from adapters.embedding import model_files
from tests.e2e.installed import installed_capy
from tests.unit.bench.tiny_corpus import small_entries, write_fixtures

CORPUS = Path(__file__).resolve().parents[1] / "fixtures" / "bench"


@pytest.fixture(scope="module")
def capy() -> str:
    return installed_capy()


def run(capy: str, *args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [capy, "bench", *args], capture_output=True, text=True, cwd=cwd, timeout=300, check=False
    )


@pytest.fixture(scope="module")
def quality_report(capy: str, tmp_path_factory: pytest.TempPathFactory) -> Path:
    workdir = tmp_path_factory.mktemp("bench")
    fixtures = write_fixtures(workdir / "fixtures", small_entries())
    out = workdir / "out.json"
    done = run(capy, "quality", "--fixtures", str(fixtures), "--json", str(out), cwd=workdir)
    assert done.returncode == 0, done.stderr
    assert "R@1" in done.stdout
    assert "summary" in done.stdout
    return out


def test_quality_writes_a_full_json_report(quality_report: Path) -> None:
    report = json.loads(quality_report.read_text(encoding="utf-8"))
    assert report["metadata"]["store"] == "sqlcipher"
    assert report["metadata"]["dataset_hash"].startswith("sha256:")
    assert report["overall"]["positives"] == 2
    assert report["overall"]["negatives"] == 1
    assert set(report["by_content_type"]) == {"markdown", "plaintext"}
    assert {c["case_id"] for c in report["cases"]} == {"md_001_q1", "md_001_q2", "pt_001_q1"}


def test_compare_of_a_report_with_itself_has_no_regression(capy: str, quality_report: Path) -> None:
    done = run(capy, "compare", str(quality_report), str(quality_report), cwd=quality_report.parent)
    assert done.returncode == 0, done.stderr
    assert "no regressions" in done.stdout


def test_compare_exits_1_on_regression_and_warns_on_other_datasets(
    capy: str, quality_report: Path
) -> None:
    worse: dict[str, Any] = json.loads(quality_report.read_text(encoding="utf-8"))
    worse["overall"]["recall_at_1"] -= 0.5
    worse["metadata"]["dataset_hash"] = "sha256:other"
    path = quality_report.parent / "worse.json"
    path.write_text(json.dumps(worse), encoding="utf-8")
    done = run(capy, "compare", str(quality_report), str(path), cwd=quality_report.parent)
    assert done.returncode == 1
    assert "regression" in done.stdout
    assert "different fixture sets" in done.stdout


def test_compare_exits_2_when_a_report_cannot_be_read(capy: str, tmp_path: Path) -> None:
    missing = tmp_path / "missing.json"
    done = run(capy, "compare", str(missing), str(missing), cwd=tmp_path)
    assert done.returncode == 2
    assert "capy bench quality --json" in done.stderr


def test_quality_refuses_a_directory_without_fixtures(capy: str, tmp_path: Path) -> None:
    done = run(capy, "quality", "--fixtures", str(tmp_path), cwd=tmp_path)
    assert done.returncode == 1
    assert "no *.jsonl fixture files" in done.stderr


def test_perf_quick_run(capy: str, tmp_path: Path) -> None:
    out = tmp_path / "perf.json"
    done = run(
        capy,
        "perf",
        *("--sizes", "200", "--queries", "10", "--no-processes", "--log-mb", "0.2"),
        *("--json", str(out)),
        cwd=tmp_path,
    )
    assert done.returncode == 0, done.stderr
    report = json.loads(out.read_text(encoding="utf-8"))
    log = report["log"]
    assert log["bytes"] >= 200_000 and log["sections"] > 1 and log["mb_per_s"] > 0
    assert log["speed_vs_encrypted_porter_trigram"] > 0 and "MB log indexed whole" in done.stdout
    (size,) = report["sizes"]
    assert size["capy"]["chunks"] == size["raw_fts5"]["chunks"] >= 200
    assert size["capy"]["search"]["p50_ms"] > 0
    assert size["search_cpu_p50_vs_raw"] > 0 and "search CPU per query, p50" in done.stdout
    assert size["raw_fts5"]["porter_trigram_chunks_per_s"] > 0
    assert size["raw_fts5"]["encrypted_porter_trigram_chunks_per_s"] > 0
    assert size["index_speed_vs_encrypted_porter_trigram"] > 0
    assert size["index_cpu_speed_vs_encrypted_porter_trigram"] > 0 and "÷enc CPU" in done.stdout
    assert log["cpu_speed_vs_encrypted_porter_trigram"] > 0 and "by CPU seconds" in done.stdout
    assert "cli_start" not in report and "enc p+t" in done.stdout
    assert size["peak_rss_mb"] > 0


def test_hook_time_gives_every_case_and_the_answers(capy: str, tmp_path: Path) -> None:
    out = tmp_path / "hook.json"
    done = run(capy, "hook", "--rounds", "1", "--json", str(out), cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert "bare python -c pass" in done.stdout
    report = json.loads(out.read_text(encoding="utf-8"))
    answers = {t["case"]: (t["no_rules_answer"], t["deny_rules_answer"]) for t in report["times"]}
    assert answers["10 MB command"] == ("no opinion", "deny")
    assert all(t["no_rules_ms"] > 0 and t["deny_rules_ms"] > 0 for t in report["times"])


@pytest.mark.slow
def test_quality_on_the_bundled_corpus(capy: str, tmp_path: Path) -> None:
    out = tmp_path / "corpus.json"
    # The questions as written: the misspelt and padded variants multiply the run's time and
    # are asked of the small corpus below.
    done = run(
        capy,
        "quality",
        "--fixtures",
        str(CORPUS),
        "--no-variants",
        "--json",
        str(out),
        cwd=tmp_path,
    )
    assert done.returncode == 0, done.stderr
    report = json.loads(out.read_text(encoding="utf-8"))
    assert report["overall"]["positives"] >= 250
    assert report["overall"]["negatives"] >= 50
    assert set(report["halves"]) == {"tuning", "check"}


def test_quality_can_measure_one_content_type(capy: str, tmp_path: Path) -> None:
    fixtures = write_fixtures(tmp_path / "fixtures", small_entries())
    out = tmp_path / "only.json"
    done = run(
        capy,
        "quality",
        "--fixtures",
        str(fixtures),
        "--only",
        "plaintext",
        "--json",
        str(out),
        cwd=tmp_path,
    )
    assert done.returncode == 0, done.stderr
    report = json.loads(out.read_text(encoding="utf-8"))
    assert report["metadata"]["content_types"] == ["plaintext"]
    assert list(report["by_content_type"]) == ["plaintext"]


def test_perf_says_why_the_semantic_rows_are_absent(capy: str, tmp_path: Path) -> None:
    out = tmp_path / "perf.json"
    done = subprocess.run(
        [
            *(capy, "bench", "perf", "--sizes", "60", "--queries", "3", "--semantic"),
            *("--no-processes", "--log-mb", "0", "--json", str(out)),
        ],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        timeout=300,
        check=False,
        env={**os.environ, "CAPY_SEMANTIC": "off"},
    )
    assert done.returncode == 0, done.stderr
    (size,) = json.loads(out.read_text(encoding="utf-8"))["sizes"]
    assert size["capy"]["semantic"] == {
        "available": False,
        "reason": "switched off by CAPY_SEMANTIC",
    }
    assert (
        "semantic layer at 60 chunks: not measured — switched off by CAPY_SEMANTIC" in done.stdout
    )


@pytest.mark.skipif(
    bool(model_files.missing_modules()), reason="the semantic extra is not installed"
)
def test_quality_with_the_layer_reports_its_own_ranking_beside_the_search_s(
    capy: str, tmp_path: Path
) -> None:
    fixtures = write_fixtures(tmp_path / "fixtures", small_entries())
    out = tmp_path / "out.json"
    env = {**os.environ, model_files.SWITCH: "1", "XDG_CACHE_HOME": str(tmp_path / "cache")}
    options = ["--semantic", "--no-variants", "--fixtures", str(fixtures), "--json", str(out)]
    done = subprocess.run(
        [capy, "bench", "quality", *options],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        env=env,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert "R@1 of the semantic layer alone" in done.stdout
    report = json.loads(out.read_text(encoding="utf-8"))
    cases = {c["case_id"]: c for c in report["cases"]}
    # "pool size connections": the real model puts the Configuration section first.
    assert cases["md_001_q1"]["meaning_rank"] == 1
    assert report["overall"]["meaning_recall_at_1"] == 1.0
    assert report["overall"]["meaning_first_lost"] == 0.0
