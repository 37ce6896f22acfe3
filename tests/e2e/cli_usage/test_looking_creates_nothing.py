"""``capy sources`` and ``capy stats`` before anything was indexed say so and create nothing."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

from tests.e2e.installed import run_capy


def _capy(tmp_path: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return run_capy("--db", str(tmp_path / "kb" / "knowledge.db"), *args, cwd=tmp_path)


def test_sources_and_stats_without_a_database(tmp_path: Path) -> None:
    listed = _capy(tmp_path, "sources")
    assert listed.returncode == 0 and "No knowledge database at" in listed.stdout
    assert json.loads(_capy(tmp_path, "sources", "--json").stdout) == []
    stats = _capy(tmp_path, "stats")
    assert stats.returncode == 0 and "capy has not run in this project" in stats.stdout
    assert json.loads(_capy(tmp_path, "stats", "--json").stdout)["exists"] is False
    assert not (tmp_path / "kb").exists()


def test_unknown_kinds_are_refused_with_the_accepted_ones(tmp_path: Path) -> None:
    done = _capy(tmp_path, "sources", "--kinds", "durable,temporary")
    assert done.returncode == 1
    assert 'invalid source kind "temporary"' in done.stderr and '"ephemeral"' in done.stderr
