"""Only hooks that act are registered — an earlier setup's idle entries are removed."""

from __future__ import annotations

import json
import re
import select
import subprocess
from pathlib import Path
from typing import Any

from domain.doctor.hooks import CLAUDE_EVENTS
from tests.e2e.setup.conftest import RunSetup

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


def _old_claude_settings() -> dict[str, Any]:
    """Settings as an earlier capy wrote them: a handler for every event, idle ones included,
    plus the Go version's wrapper path and a handler of the user's own."""
    launcher = '"${CLAUDE_PROJECT_DIR:-.}"/.capy/capy.sh'
    events = {
        "PreToolUse": "pretooluse",
        "PostToolUse": "posttooluse",
        "PreCompact": "precompact",
        "SessionStart": "sessionstart",
        "SessionEnd": "sessionend",
        "UserPromptSubmit": "userpromptsubmit",
    }
    hooks: dict[str, Any] = {
        event: [{"hooks": [{"type": "command", "command": f"{launcher} hook {name}"}]}]
        for event, name in events.items()
    }
    hooks["Notification"] = [
        {
            "hooks": [
                {
                    "type": "command",
                    "command": "bash $CLAUDE_PROJECT_DIR/.claude/scripts/capy.sh hook notification",
                }
            ]
        }
    ]
    hooks["PostToolUse"].append(
        {"matcher": "Write", "hooks": [{"type": "command", "command": "./format.sh"}]}
    )
    return {"permissions": {"allow": ["Bash(ls:*)"]}, "hooks": hooks}


def test_setup_removes_the_idle_hooks_an_earlier_setup_registered(
    run_setup: RunSetup, repo: Path
) -> None:
    (repo / ".claude").mkdir()
    (repo / ".claude/settings.json").write_text(json.dumps(_old_claude_settings(), indent=2))
    (repo / ".codex").mkdir()
    old_codex = f"'{repo}/.capy/capy.sh' hook"
    (repo / ".codex/hooks.json").write_text(
        json.dumps(
            {
                "hooks": {
                    "PreToolUse": [
                        {
                            "hooks": [
                                {
                                    "type": "command",
                                    "command": f"{old_codex} pretooluse --platform codex",
                                }
                            ]
                        }
                    ],
                    "Stop": [{"hooks": [{"type": "command", "command": f"{old_codex} stop"}]}],
                }
            }
        )
    )
    done = run_setup()
    assert done.returncode == 0, done.stdout
    assert "removed capy's unused" in done.stdout

    settings = json.loads((repo / ".claude/settings.json").read_text())
    assert set(_capy_handlers(settings)) == set(CLAUDE_EVENTS)
    assert all(len(handlers) == 1 for handlers in _capy_handlers(settings).values())
    assert "Notification" not in settings["hooks"]
    idle = {"PostToolUse", "UserPromptSubmit"} - set(CLAUDE_EVENTS)
    assert not idle & set(_capy_handlers(settings))
    # the user's own handler stays where it was
    assert {"matcher": "Write", "hooks": [{"type": "command", "command": "./format.sh"}]} in (
        settings["hooks"]["PostToolUse"]
    )
    assert settings["permissions"] == {"allow": ["Bash(ls:*)"]}

    codex = json.loads((repo / ".codex/hooks.json").read_text())
    assert "Stop" not in codex["hooks"]
    assert str(repo) not in json.dumps(codex)  # the absolute Codex path is gone too
