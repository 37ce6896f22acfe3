"""Reports read the same in a pipe or a log as on a terminal: tables whole, lines unwrapped,
and ``capy bench quality`` finds its bundled corpus from any directory."""

from __future__ import annotations

import os
import re
import subprocess
from pathlib import Path

import pytest

from tests.e2e.installed import installed_capy
from tests.unit.bench.tiny_corpus import small_entries, write_fixtures

LONG_LABEL = "team-notes/" + "very-long-section-name-" * 6 + "end"


@pytest.fixture(scope="module")
def capy() -> str:
    return installed_capy()


def _run(capy: str, *args: str, cwd: Path, stdin: str = "") -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k not in ("COLUMNS", "LINES")}
    env["CAPY_DB_KEY"] = "piped-reports-test-key-0123456789"
    return subprocess.run(
        [capy, *args],
        cwd=cwd,
        input=stdin,
        env=env,
        capture_output=True,  # stdout is a pipe, not a terminal
        text=True,
        timeout=300,
        check=False,
    )


def test_dbsize_prints_whole_tables_into_a_pipe(capy: str, tmp_path: Path) -> None:
    db = str(tmp_path / "knowledge.db")
    indexed = _run(capy, "--db", db, "index", "-", "--label", LONG_LABEL, cwd=tmp_path, stdin="x\n")
    assert indexed.returncode == 0, indexed.stderr
    done = _run(capy, "--db", db, "dbsize", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    row = next(line for line in done.stdout.splitlines() if LONG_LABEL in line)
    assert re.search(r"durable\s*│\s*1\s*│", row)  # the label, its kind and numbers: one line


def test_bench_quality_report_is_whole_in_a_pipe(capy: str, tmp_path: Path) -> None:
    fixtures = write_fixtures(tmp_path / "fixtures", small_entries())
    done = _run(capy, "bench", "quality", "--fixtures", str(fixtures), cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    headline = next(line for line in lines if line.startswith("capy bench quality —"))
    assert "dataset sha256:" in headline and re.search(r"\d+(\.\d+)? s$", headline)
    assert any(
        re.search(r"effective compression \(compression × recall\)\s*│\s*[\d.]+", x) for x in lines
    )
    assert not any(line.rstrip().endswith("…") for line in lines if "│" in line)  # no cut cells


def test_bench_quality_finds_the_bundled_corpus_from_any_directory(
    capy: str, tmp_path: Path
) -> None:
    done = _run(capy, "bench", "quality", "--only", "no-such-type", cwd=tmp_path)
    assert done.returncode == 1
    # The corpus was found and read: the error lists its content types.
    assert "choose from: markdown, json, plaintext, transcript" in done.stderr
