"""``make run`` is the README's way to start the server: its stdout is the MCP stream."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[3]


def test_make_run_writes_nothing_but_protocol_messages_to_stdout() -> None:
    if shutil.which("make") is None or not (ROOT / ".venv" / ".installed").exists():
        pytest.skip("needs make and an installed .venv (make install)")
    done = subprocess.run(
        ["make", "--no-print-directory", "run"],
        cwd=ROOT,
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout == ""  # make's echo of the command would corrupt the stream
    assert "MCP server ready on stdio" in done.stderr
