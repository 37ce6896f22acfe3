"""Warnings from deep inside capy reach the user as ``capy: …`` lines, like its errors."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

CAPY = Path(sys.executable).parent / "capy"


def test_a_database_set_aside_is_reported_as_a_capy_line(tmp_path: Path) -> None:
    database = tmp_path / "knowledge.db"
    notes = tmp_path / "notes.md"
    notes.write_text("# notes\n\nalpha beta\n" * 200)
    env = {**os.environ, "CAPY_DB_KEY": "test key"}
    index = [str(CAPY), "--db", str(database), "index", str(notes)]
    subprocess.run(index, cwd=tmp_path, env=env, capture_output=True, timeout=60, check=True)
    with database.open("r+b") as handle:  # a crash wrote zeros over its first page
        handle.write(bytes(4096))
    done = subprocess.run(
        index,
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    moved = [line for line in done.stderr.splitlines() if "was moved to" in line]
    assert len(moved) == 1
    assert moved[0].startswith(f"capy: the knowledge database {database} is damaged")
    assert list(tmp_path.glob("knowledge.db.corrupt.*"))
