"""``capy … | head`` stops quietly when the reader has closed the pipe, like git does."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

CAPY = Path(sys.executable).parent / "capy"


def _into_closed_pipe(
    args: list[str], cwd: Path, env: dict[str, str]
) -> subprocess.CompletedProcess[str]:
    """``capy args`` with its stdout a pipe whose reader is gone before capy writes a byte."""
    reader, writer = os.pipe()
    os.close(reader)
    try:
        return subprocess.run(
            [str(CAPY), *args],
            cwd=cwd,
            stdout=writer,
            stderr=subprocess.PIPE,
            text=True,
            env=env,
            timeout=60,
            check=False,
        )
    finally:
        os.close(writer)


@pytest.mark.parametrize("args", [["which"], ["setup", "--platform", "claude-code"]])
def test_a_closed_pipe_is_not_reported_as_a_bug(tmp_path: Path, args: list[str]) -> None:
    (tmp_path / ".git").mkdir()
    done = _into_closed_pipe(
        args, tmp_path, {**os.environ, "CAPY_DB_KEY": "test key", "HOME": str(tmp_path / "home")}
    )
    assert done.returncode == 141
    assert done.stderr == ""


def test_a_search_whose_reader_left_ends_quietly(tmp_path: Path) -> None:
    """The answer is flushed while the command's failures are still caught: without that the
    interpreter met the closed pipe at exit and printed "Exception ignored" (exit 120)."""
    (tmp_path / ".git").mkdir()
    (tmp_path / "notes.txt").write_text("the pool answered connection refused twice\n")
    env = {**os.environ, "CAPY_DB_KEY": "test key", "HOME": str(tmp_path / "home")}
    subprocess.run([str(CAPY), "index", "notes.txt"], cwd=tmp_path, env=env, timeout=60, check=True)
    done = _into_closed_pipe(["search", "connection refused"], tmp_path, env)
    assert done.returncode == 141
    assert done.stderr == ""
