"""``make run`` is the README's way to start the server: its stdout is the MCP stream, from the
very first run (when it creates the venv) on, however make is invoked."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import threading
from pathlib import Path
from typing import Any

import pytest

from tests.e2e.installed import installed_capy

ROOT = Path(__file__).resolve().parents[3]
MAKE = shutil.which("make")

pytestmark = pytest.mark.skipif(MAKE is None, reason="needs make")

# Stands in for `python3` on the first run: `-m venv DIR` makes a venv whose python is as chatty
# on stdout as pip and venv can be, and whose capy is the installed one. The real first run
# (venv creation, pip downloads) takes minutes; what matters here is where its output goes.
NOISY_PYTHON = """#!/bin/sh
echo "python3 $*"
if [ "$1" = -m ] && [ "$2" = venv ]; then
    mkdir -p "$3/bin"
    printf '#!/bin/sh\\necho "Collecting capy-mcp"\\necho "Successfully installed capy-mcp"\\n' \\
        > "$3/bin/python"
    printf '#!/bin/sh\\nexec %s "$@"\\n' "$CAPY_UNDER_TEST" > "$3/bin/capy"
    chmod +x "$3/bin/python" "$3/bin/capy"
fi
"""


def _first_run_args(tmp_path: Path) -> tuple[list[str], dict[str, str]]:
    python = tmp_path / "python3"
    python.write_text(NOISY_PYTHON)
    python.chmod(0o755)
    venv = tmp_path / "fresh-venv"
    args = [str(MAKE), "run", f"PYTHON={python}", f"VENV={venv}"]
    env = {
        **os.environ,
        "CAPY_UNDER_TEST": installed_capy(),
        "CAPY_DB_KEY": "make-run-test-key-0123456789",
        "MAKEFLAGS": "",
        "MAKELEVEL": "",
    }
    return args, env


def _request(id_: int, method: str, params: dict[str, Any]) -> bytes:
    return (
        json.dumps({"jsonrpc": "2.0", "id": id_, "method": method, "params": params}) + "\n"
    ).encode()


def _exchange(server: subprocess.Popen[bytes]) -> list[bytes]:
    """initialize, initialized, tools/list, then EOF: every line the server wrote on stdout."""
    assert server.stdin is not None and server.stdout is not None
    hello = {
        "protocolVersion": "2025-06-18",
        "capabilities": {},
        "clientInfo": {"name": "make-run-test", "version": "1"},
    }
    server.stdin.write(_request(1, "initialize", hello))
    server.stdin.flush()
    lines = [server.stdout.readline()]
    server.stdin.write(b'{"jsonrpc":"2.0","method":"notifications/initialized"}\n')
    server.stdin.write(_request(2, "tools/list", {}))
    server.stdin.flush()
    lines.append(server.stdout.readline())
    server.stdin.close()
    return lines + server.stdout.read().splitlines(keepends=True)


def test_first_run_of_make_run_talks_nothing_but_json_rpc_on_stdout(tmp_path: Path) -> None:
    args, env = _first_run_args(tmp_path)
    errors: list[bytes] = []
    with subprocess.Popen(
        args,
        cwd=ROOT,
        env=env,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    ) as server:
        assert server.stderr is not None
        stderr_pipe = server.stderr
        reader = threading.Thread(target=lambda: errors.append(stderr_pipe.read()), daemon=True)
        reader.start()
        try:
            lines = _exchange(server)
            assert server.wait(timeout=60) == 0
        finally:
            if server.poll() is None:
                server.kill()
        reader.join(timeout=10)
    stderr = b"".join(errors).decode(errors="replace")
    messages = [json.loads(line) for line in lines if line.strip()]  # any other text fails here
    assert all(message["jsonrpc"] == "2.0" for message in messages), lines
    assert messages[0]["id"] == 1 and messages[0]["result"]["serverInfo"]["name"]
    assert messages[1]["id"] == 2 and len(messages[1]["result"]["tools"]) == 9
    # The first run happened, and everything it printed went to stderr.
    assert "first run: creating" in stderr and "Successfully installed capy-mcp" in stderr
    assert "python3 -m venv" in stderr
    assert (tmp_path / "fresh-venv" / ".installed").exists()


def _closed_stdin(
    args: list[str], cwd: Path, env: dict[str, str]
) -> subprocess.CompletedProcess[str]:
    """``args`` run with stdin closed: the server starts, reads EOF and stops."""
    return subprocess.run(
        args,
        cwd=cwd,
        env=env,
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


def test_make_run_with_a_closed_stdin_prints_nothing_on_stdout(tmp_path: Path) -> None:
    args, env = _first_run_args(tmp_path)
    for attempt in ("first run", "installed"):
        done = _closed_stdin(args, ROOT, env)
        assert done.returncode == 0, (attempt, done.stderr)
        assert done.stdout == "", attempt
        assert "MCP server ready on stdio" in done.stderr


def test_started_from_another_directory_as_the_readme_says(tmp_path: Path) -> None:
    """`make -C DIR` announces the directory on stdout unless -s: the README says `-s -C`."""
    if not (ROOT / ".venv" / ".installed").exists() or sys.prefix != str(ROOT / ".venv"):
        pytest.skip("needs this checkout's installed .venv (make install)")
    env = {**os.environ, "MAKEFLAGS": "", "MAKELEVEL": ""}
    done = _closed_stdin([str(MAKE), "-s", "-C", str(ROOT), "run"], tmp_path, env)
    assert done.returncode == 0, done.stderr
    assert done.stdout == ""
    assert "MCP server ready on stdio" in done.stderr
