"""The installed ``capy serve`` over stdio: lists its tools, answers, and never outlives its client."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest
from mcp import Client, StdioServerParameters

from adapters.sqlcipher.migration_notice import NOTICEABLE_BYTES
from tests.integration.store.helpers import KEY, OLD_LOG, store_before

pytestmark = pytest.mark.anyio


def _is_zombie(pid: int) -> bool:
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return True
    return "\nState:\tZ" in status


def _gone(pid: int, within: float = 15.0) -> bool:
    deadline = time.monotonic() + within
    while time.monotonic() < deadline:
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            return True
        if _is_zombie(pid):
            return True
        try:  # reap if it is our child
            if os.waitpid(pid, os.WNOHANG)[0] == pid:
                return True
        except ChildProcessError:
            pass
        time.sleep(0.1)
    return False


async def test_lists_tools_and_answers_stats(server_params: StdioServerParameters) -> None:
    async with Client(server_params) as client:
        listed = await client.list_tools()
        assert len(listed.tools) == 9
        result = await client.call_tool("capy_stats", {})
        assert not result.is_error


_UPGRADING, _UPGRADED = "upgrading the knowledge database", "is upgraded ("


def test_stdout_carries_only_protocol_and_stderr_says_ready(
    capy_bin: str, project: Path, server_env: dict[str, str]
) -> None:
    init = {
        "jsonrpc": "2.0",
        "id": 1,
        "method": "initialize",
        "params": {
            "protocolVersion": "2025-06-18",
            "capabilities": {},
            "clientInfo": {"name": "test", "version": "1"},
        },
    }
    proc = subprocess.run(
        [capy_bin, "--project-dir", str(project), "serve"],
        input=json.dumps(init) + "\n",
        capture_output=True,
        text=True,
        env=server_env,
        timeout=60,
        check=False,
    )
    assert proc.returncode == 0, proc.stderr
    for line in proc.stdout.splitlines():
        assert json.loads(line)["jsonrpc"] == "2.0"
    assert "ready" in proc.stderr
    assert "capy setup" in proc.stderr


def test_exits_when_stdin_closes(capy_bin: str, project: Path, server_env: dict[str, str]) -> None:
    proc = subprocess.Popen(
        [capy_bin, "--project-dir", str(project), "serve"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=server_env,
    )
    _, err = proc.communicate(input=b"", timeout=30)
    assert proc.returncode == 0, err


def test_exits_on_sigterm(capy_bin: str, project: Path, server_env: dict[str, str]) -> None:
    proc = subprocess.Popen(
        [capy_bin, "--project-dir", str(project), "serve"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=server_env,
    )
    assert proc.stderr is not None
    proc.stderr.readline()  # wait for the ready line
    proc.terminate()
    _, err = proc.communicate(timeout=30)
    assert proc.returncode == 0, err


def test_exits_when_its_parent_dies(
    capy_bin: str, project: Path, server_env: dict[str, str], tmp_path: Path
) -> None:
    """The parent starts capy with a stdin that stays open, then dies; capy must notice."""
    read_end, write_end = os.pipe()
    pid_file = tmp_path / "pid"
    launcher = (
        "import os, subprocess, sys, time\n"
        f"p = subprocess.Popen([{capy_bin!r}, '--project-dir', {str(project)!r}, 'serve'],"
        " stdin=int(sys.argv[1]), stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,"
        " pass_fds=(int(sys.argv[1]),))\n"
        "p.stderr.readline()\n"
        f"open({str(pid_file)!r}, 'w').write(str(p.pid))\n"
        "os._exit(0)\n"
    )
    subprocess.run(
        [sys.executable, "-c", launcher, str(read_end)],
        env=server_env,
        pass_fds=(read_end,),
        timeout=60,
        check=True,
    )
    os.close(read_end)
    try:
        server_pid = int(pid_file.read_text())
        assert _gone(server_pid), "capy serve outlived its parent"
    finally:
        os.close(write_end)


def test_ready_message_names_capy_by_an_absolute_path(
    capy_bin: str, project: Path, server_env: dict[str, str]
) -> None:
    """Started as ``bin/capy`` with a relative PATH entry, the suggested command still works
    when pasted in another directory."""
    venv = Path(capy_bin).parent.parent
    proc = subprocess.run(
        ["bin/capy", "--project-dir", str(project), "serve"],
        input="",
        capture_output=True,
        text=True,
        env={**server_env, "PATH": f"bin:{server_env['PATH']}"},
        cwd=venv,
        timeout=60,
        check=False,
    )
    assert proc.returncode == 0, proc.stderr
    assert f"claude mcp add capy -- {Path(capy_bin).absolute()} serve" in proc.stderr
    assert "-- bin/capy serve" not in proc.stderr


def test_the_upgrade_of_a_large_database_is_told_on_stderr_and_stdout_stays_protocol(
    capy_bin: str, project: Path, server_env: dict[str, str], tmp_path: Path
) -> None:
    database = tmp_path / "knowledge.db"
    store_before(database, "0009", OLD_LOG, vectors_bytes=NOTICEABLE_BYTES + 1024 * 1024)
    process = subprocess.Popen(
        [capy_bin, "--db", str(database), "--project-dir", str(project), "serve"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env={**server_env, "CAPY_DB_KEY": KEY},
        cwd=project,
    )
    assert process.stdin is not None and process.stdout is not None
    messages = [
        {
            "jsonrpc": "2.0",
            "id": 1,
            "method": "initialize",
            "params": {
                "protocolVersion": "2025-06-18",
                "capabilities": {},
                "clientInfo": {"name": "test", "version": "1"},
            },
        },
        {"jsonrpc": "2.0", "method": "notifications/initialized"},
        {
            "jsonrpc": "2.0",
            "id": 2,
            "method": "tools/call",
            "params": {"name": "capy_search", "arguments": {"queries": ["DataIntegrity"]}},
        },
    ]
    process.stdin.write("".join(json.dumps(m) + "\n" for m in messages))
    process.stdin.flush()
    answered = [json.loads(process.stdout.readline()) for _ in range(2)]  # ids 1 and 2
    out, err = process.communicate(timeout=60)  # closes stdin: the server exits
    assert process.returncode == 0, err
    assert [message["id"] for message in answered] == [1, 2]
    assert "DataIntegrityViolationException" in json.dumps(answered[1])
    for line in out.splitlines():
        assert json.loads(line)["jsonrpc"] == "2.0"
    told = [line for line in err.splitlines() if _UPGRADING in line or _UPGRADED in line]
    assert len(told) == 2, err
    assert told[0].startswith(f"capy: upgrading the knowledge database {database} (")
    assert told[1].startswith(f"capy: the knowledge database {database} is upgraded (")
