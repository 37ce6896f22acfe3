"""What ``capy setup`` writes for the repository works in any checkout.

The project is set up, then moved (as a teammate's clone or a renamed directory would be), and
every command the committed files name is run the way the host runs it.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import tomllib
from pathlib import Path
from typing import Any

import anyio
from mcp import Client, StdioServerParameters

from tests.e2e.setup.conftest import RunSetup, capy_commands, git

WEB_FETCH = {"session_id": "s", "tool_name": "WebFetch", "tool_input": {"url": "https://x.io"}}
CODEX_CURL = {
    "session_id": "s",
    "turn_id": "t",
    "tool_name": "Bash",
    "tool_input": {"command": "curl https://example.com/data.json"},
}


def _server_answers(command: list[str], cwd: Path, env: dict[str, str]) -> str:
    """Start an MCP server as a host does; the name it gives when the client connects."""

    async def connect() -> str:
        params = StdioServerParameters(command=command[0], args=command[1:], env=env, cwd=cwd)
        async with Client(params) as client:
            await client.list_tools()
            info = client.server_info
            return info.name if info is not None else ""

    return anyio.run(connect)


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
    pre_tool_use = capy_commands(settings)["PreToolUse"][0]
    answer = _hook(pre_tool_use, WEB_FETCH, moved, claude_env)
    assert answer["hookSpecificOutput"]["permissionDecision"] == "deny"
    entry = json.loads((moved / ".mcp.json").read_text())["mcpServers"]["capy"]
    command = entry["command"].replace("${CLAUDE_PROJECT_DIR:-.}", str(moved))
    assert _server_answers([command, *entry["args"]], moved, claude_env) == "capy"

    # Codex: no project variable; it starts servers and hooks in the directory it runs in
    codex = tomllib.loads((moved / ".codex/config.toml").read_text())["mcp_servers"]["capy"]
    assert _server_answers([codex["command"], *codex["args"]], moved / "src", env) == "capy"
    hooks = json.loads((moved / ".codex/hooks.json").read_text())
    pre_tool_use = capy_commands(hooks)["PreToolUse"][0]
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
    for commands in capy_commands(hooks).values():
        assert _hook(commands[0], CODEX_CURL, outside, env) is None
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
