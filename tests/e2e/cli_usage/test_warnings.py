"""Warnings from deep inside capy reach the user as ``capy: …`` lines, like its errors."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

CAPY = Path(sys.executable).parent / "capy"


def test_a_database_set_aside_is_reported_as_a_capy_line(tmp_path: Path) -> None:
    database = tmp_path / "knowledge.db"
    database.write_text("notes that are not a database\n")
    done = subprocess.run(
        [str(CAPY), "--db", str(database), "search", "anything"],
        cwd=tmp_path,
        env={**os.environ, "CAPY_DB_KEY": "test key"},
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    moved = [line for line in done.stderr.splitlines() if "was moved to" in line]
    assert len(moved) == 1
    assert moved[0].startswith(f"capy: the knowledge database {database} is not a database")
    assert list(tmp_path.glob("knowledge.db.corrupt.*"))
