"""What ``capy setup`` writes for the repository works in any checkout.

The project is set up, then moved (as a teammate's clone or a renamed directory would be), and
every command the committed files name is run the way the host runs it.
"""

from __future__ import annotations

import json
import os
import re
import select
import shutil
import subprocess
import tomllib
from pathlib import Path
from typing import Any

from tests.e2e.setup.conftest import RunSetup, git

INITIALIZE = {
    "jsonrpc": "2.0",
    "id": 1,
    "method": "initialize",
    "params": {
        "protocolVersion": "2025-06-18",
        "capabilities": {},
        "clientInfo": {"name": "portability-test", "version": "1"},
    },
}
WEB_FETCH = {"session_id": "s", "tool_name": "WebFetch", "tool_input": {"url": "https://x.io"}}
CODEX_CURL = {
    "session_id": "s",
    "turn_id": "t",
    "tool_name": "Bash",
    "tool_input": {"command": "curl https://example.com/data.json"},
}


def _server_answers(command: list[str], cwd: Path, env: dict[str, str]) -> dict[str, Any]:
    """Start an MCP server as a host does and return its answer to ``initialize``."""
    with subprocess.Popen(
        command,
        cwd=cwd,
        env=env,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    ) as server:
        assert server.stdin is not None and server.stdout is not None
        try:
            server.stdin.write(json.dumps(INITIALIZE) + "\n")
            server.stdin.flush()
            ready, _, _ = select.select([server.stdout], [], [], 60)
            assert ready, "the server did not answer within 60 s"
            line = server.stdout.readline()
            server.stdin.close()
            server.wait(timeout=30)
        finally:
            if server.poll() is None:
                server.kill()
        assert line, server.stderr.read() if server.stderr else "no answer"
        return dict(json.loads(line))


def _hook(command: str, payload: dict[str, Any], cwd: Path, env: dict[str, str]) -> Any:
    done = subprocess.run(
        ["sh", "-c", command],
        input=json.dumps(payload),
        capture_output=True,
        text=True,
        cwd=cwd,
        env=env,
        timeout=30,
        check=False,
    )
    assert done.returncode == 0 and done.stderr == "", done
    return json.loads(done.stdout) if done.stdout.strip() else None


def _capy_handlers(document: dict[str, Any]) -> dict[str, list[dict[str, Any]]]:
    found: dict[str, list[dict[str, Any]]] = {}
    for event, groups in document.get("hooks", {}).items():
        for group in groups:
            for handler in group["hooks"]:
                if re.search(r"capy(\.sh)? hook ", handler["command"]):
                    found.setdefault(event, []).append(handler)
    return found


def test_a_moved_checkout_runs_every_command_the_committed_files_name(
    run_setup: RunSetup, repo: Path, tmp_path: Path
) -> None:
    assert run_setup().returncode == 0
    moved = tmp_path / "elsewhere" / "teammate-clone"
    moved.parent.mkdir()
    shutil.move(repo, moved)
    (moved / "src").mkdir()
    env = {k: v for k, v in os.environ.items() if k != "CLAUDE_PROJECT_DIR"}

    committed = git(moved, "ls-files", "--cached", "--others", "--exclude-standard").stdout
    for name in committed.split():
        assert str(repo) not in (moved / name).read_text(), f"{name} names the old directory"

    # Claude Code: hooks and server through ${CLAUDE_PROJECT_DIR:-.}
    claude_env = {**env, "CLAUDE_PROJECT_DIR": str(moved)}
    settings = json.loads((moved / ".claude/settings.json").read_text())
    pre_tool_use = _capy_handlers(settings)["PreToolUse"][0]["command"]
    answer = _hook(pre_tool_use, WEB_FETCH, moved, claude_env)
    assert answer["hookSpecificOutput"]["permissionDecision"] == "deny"
    entry = json.loads((moved / ".mcp.json").read_text())["mcpServers"]["capy"]
    command = entry["command"].replace("${CLAUDE_PROJECT_DIR:-.}", str(moved))
    reply = _server_answers([command, *entry["args"]], moved, claude_env)
    assert reply["result"]["serverInfo"]["name"] == "capy"

    # Codex: no project variable; it starts servers and hooks in the directory it runs in
    codex = tomllib.loads((moved / ".codex/config.toml").read_text())["mcp_servers"]["capy"]
    reply = _server_answers([codex["command"], *codex["args"]], moved / "src", env)
    assert reply["result"]["serverInfo"]["name"] == "capy"
    hooks = json.loads((moved / ".codex/hooks.json").read_text())
    pre_tool_use = _capy_handlers(hooks)["PreToolUse"][0]["command"]
    answer = _hook(pre_tool_use, CODEX_CURL, moved / "src", env)
    assert answer["hookSpecificOutput"]["permissionDecision"] == "deny"


def test_codex_commands_outside_a_set_up_project_stay_quiet(
    run_setup: RunSetup, repo: Path, tmp_path: Path
) -> None:
    assert run_setup("--platform", "codex").returncode == 0
    outside = tmp_path / "not-a-project"
    outside.mkdir()
    env = dict(os.environ)
    hooks = json.loads((repo / ".codex/hooks.json").read_text())
    for handlers in _capy_handlers(hooks).values():
        assert _hook(handlers[0]["command"], CODEX_CURL, outside, env) is None
    codex = tomllib.loads((repo / ".codex/config.toml").read_text())["mcp_servers"]["capy"]
    serve = subprocess.run(
        [codex["command"], *codex["args"]],
        cwd=outside,
        env=env,
        capture_output=True,
        text=True,
        timeout=30,
        check=False,
    )
    assert serve.returncode == 127 and "run capy setup in the project" in serve.stderr
