"""``capy dbsize`` shows labels and paths as they are: brackets are data, not styling."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

CAPY = Path(sys.executable).parent / "capy"


def _capy(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [str(CAPY), *args],
        input=stdin,
        env={**os.environ, "CAPY_DB_KEY": "test key", "COLUMNS": "200"},
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )


def test_labels_and_paths_with_brackets_are_printed_literally(tmp_path: Path) -> None:
    folder = tmp_path / "[team]"
    folder.mkdir()
    db = str(folder / "knowledge.db")
    for label in ("notes[/]x", "[bold red]alarm"):
        indexed = _capy("--db", db, "index", "-", "--label", label, stdin="some text\n")
        assert indexed.returncode == 0, indexed.stderr
    done = _capy("--db", db, "dbsize")
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[0] == db
    assert "notes[/]x" in done.stdout and "[bold red]alarm" in done.stdout
    assert "n/a" not in done.stdout  # no column of unknowns when SQLite has no dbstat
