"""A full disk or a folder where a file belongs is said as such, never as "a bug in capy"."""

from __future__ import annotations

import errno
import subprocess
import sys
from pathlib import Path

import sqlcipher3

from entrypoints.cli.failures import environment_failure as _environment_failure


def test_a_full_disk_is_named_with_the_fix() -> None:
    for error in (
        OSError(errno.ENOSPC, "No space left on device", "/data/vault.db"),
        sqlcipher3.OperationalError("database or disk is full"),
    ):
        reason = _environment_failure(error)
        assert reason is not None and "disk is full" in reason and "free some space" in reason
        assert "bug" not in reason


def test_a_folder_where_a_file_belongs_is_named() -> None:
    reason = _environment_failure(IsADirectoryError(errno.EISDIR, "Is a directory", "/x/k.key"))
    assert reason is not None and "/x/k.key" in reason


def test_other_errors_stay_bugs() -> None:
    assert _environment_failure(ValueError("boom")) is None


def test_a_vault_path_that_is_a_folder_is_not_a_bug(tmp_path: Path) -> None:
    folder = tmp_path / "vault.db"
    folder.mkdir()
    done = subprocess.run(
        [sys.executable, "-m", "entrypoints.main", "vault", "list"],
        env={"HOME": str(tmp_path), "CAPY_VAULT_PATH": str(folder), "PATH": "/usr/bin:/bin"},
        capture_output=True,
        text=True,
        check=False,
        cwd=Path(__file__).resolve().parents[3],
    )
    assert done.returncode == 1
    assert "bug in capy" not in done.stderr and str(folder) in done.stderr, done.stderr
