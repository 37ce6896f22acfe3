"""Bare ``capy`` typed at a terminal says it is a server for MCP clients and how to leave."""

from __future__ import annotations

import os
import pty
import select
import subprocess
import sys
import time
from pathlib import Path

CAPY = Path(sys.executable).parent / "capy"


def _read_until(fd: int, needle: bytes, seconds: float) -> bytes:
    seen = b""
    deadline = time.monotonic() + seconds
    while needle not in seen and time.monotonic() < deadline:
        ready, _, _ = select.select([fd], [], [], 0.2)
        if ready:
            try:
                seen += os.read(fd, 4096)
            except OSError:
                break
    return seen


def test_bare_capy_at_a_terminal_explains_itself_and_stops_on_ctrl_d(tmp_path: Path) -> None:
    leader, follower = pty.openpty()
    server = subprocess.Popen(
        [str(CAPY)],
        stdin=follower,
        stdout=subprocess.DEVNULL,
        stderr=follower,
        cwd=tmp_path,
        env={**os.environ, "CAPY_DB_KEY": "test key"},
    )
    os.close(follower)
    try:
        shown = _read_until(leader, b"ready on stdio", 60)
        assert b"an MCP client" in shown and b"Ctrl-D stops it" in shown
        os.write(leader, b"\x04")  # Ctrl-D: end of input
        assert server.wait(timeout=30) == 0
    finally:
        if server.poll() is None:
            server.kill()
            server.wait()
        os.close(leader)
