"""``capy … | head`` stops quietly when the reader has closed the pipe, like git does."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

CAPY = Path(sys.executable).parent / "capy"


@pytest.mark.parametrize("args", [["which"], ["setup", "--platform", "claude-code"]])
def test_a_closed_pipe_is_not_reported_as_a_bug(tmp_path: Path, args: list[str]) -> None:
    (tmp_path / ".git").mkdir()
    reader, writer = os.pipe()
    os.close(reader)  # the reader is gone before capy writes a byte
    try:
        done = subprocess.run(
            [str(CAPY), *args],
            cwd=tmp_path,
            stdout=writer,
            stderr=subprocess.PIPE,
            text=True,
            env={**os.environ, "CAPY_DB_KEY": "test key"},
            timeout=60,
            check=False,
        )
    finally:
        os.close(writer)
    assert done.returncode == 141
    assert done.stderr == ""
