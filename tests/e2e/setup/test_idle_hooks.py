"""Only hooks that act are registered — an earlier setup's idle entries are removed."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from domain.doctor.hooks import CLAUDE_EVENTS
from tests.e2e.setup.conftest import RunSetup, capy_commands


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
    assert set(capy_commands(settings)) == set(CLAUDE_EVENTS)
    assert all(len(handlers) == 1 for handlers in capy_commands(settings).values())
    assert "Notification" not in settings["hooks"]
    idle = {"PostToolUse", "UserPromptSubmit"} - set(CLAUDE_EVENTS)
    assert not idle & set(capy_commands(settings))
    # the user's own handler stays where it was
    assert {"matcher": "Write", "hooks": [{"type": "command", "command": "./format.sh"}]} in (
        settings["hooks"]["PostToolUse"]
    )
    assert settings["permissions"] == {"allow": ["Bash(ls:*)"]}

    codex = json.loads((repo / ".codex/hooks.json").read_text())
    assert "Stop" not in codex["hooks"]
    assert str(repo) not in json.dumps(codex)  # the absolute Codex path is gone too
