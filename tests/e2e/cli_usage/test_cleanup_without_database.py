"""``capy cleanup`` before anything was indexed says so and creates no database."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

CAPY = Path(sys.executable).parent / "capy"


def _cleanup(tmp_path: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [str(CAPY), "--db", str(tmp_path / "kb" / "knowledge.db"), "cleanup", *args],
        cwd=tmp_path,
        env={**os.environ, "CAPY_DB_KEY": "test key"},
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )


def test_a_dry_run_and_a_forced_run_create_nothing(tmp_path: Path) -> None:
    for args in ((), ("--force",), ("--kind", "ephemeral", "--force")):
        done = _cleanup(tmp_path, *args)
        assert done.returncode == 0, done.stderr
        assert "No knowledge database at" in done.stdout and "nothing to clean up" in done.stdout
    assert not (tmp_path / "kb").exists()


def test_removing_a_label_without_a_database_is_an_error_saying_where_it_looked(
    tmp_path: Path,
) -> None:
    done = _cleanup(tmp_path, "--source", "notes.md", "--force")
    assert done.returncode == 1
    assert done.stderr.startswith('capy: no source is labelled "notes.md"')
    assert "capy which" in done.stderr and done.stderr.count("\n") == 1
    assert not (tmp_path / "kb").exists()
