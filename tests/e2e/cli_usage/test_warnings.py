"""Warnings and notices from deep inside capy reach the user as ``capy: …`` lines on stderr,
like its errors."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from adapters.sqlcipher.migration_notice import NOTICEABLE_BYTES
from tests.integration.store.helpers import KEY, OLD_LOG, store_before

CAPY = Path(sys.executable).parent / "capy"

_UPGRADING, _UPGRADED = "upgrading the knowledge database", "is upgraded ("


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


def test_the_upgrade_of_a_large_database_is_told_on_stderr_once(tmp_path: Path) -> None:
    database = tmp_path / "knowledge.db"
    store_before(database, "0009", OLD_LOG, vectors_bytes=NOTICEABLE_BYTES + 1024 * 1024)
    env = {**os.environ, "CAPY_DB_KEY": KEY}
    runs = [
        subprocess.run(
            [str(CAPY), "--db", str(database), *command],
            cwd=tmp_path,
            env=env,
            capture_output=True,
            text=True,
            timeout=120,
            check=False,
        )
        for command in (["search", "DataIntegrityViolation"], ["sources"])
    ]
    first, second = runs
    assert first.returncode == 0, first.stderr
    told = [line for line in first.stderr.splitlines() if _UPGRADING in line or _UPGRADED in line]
    assert len(told) == 2, first.stderr
    assert told[0].startswith(f"capy: upgrading the knowledge database {database} (")
    assert "done once" in told[0]
    assert told[1].startswith(f"capy: the knowledge database {database} is upgraded (")
    assert _UPGRADING not in first.stdout and "DataIntegrityViolation" in first.stdout
    assert second.returncode == 0, second.stderr
    assert _UPGRADING not in second.stderr + second.stdout
    assert _UPGRADED not in second.stderr
