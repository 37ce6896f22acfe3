"""``capy hook`` as Claude Code (and Codex, which speaks the same JSON) runs it."""

from __future__ import annotations

import json
from pathlib import Path

from tests.e2e.hooks.conftest import RunHook

SESSION = "7c1d2e90-4b3a-4f6e-9a51-2f0c8d3b6a11"


def _pre(tool: str, tool_input: dict[str, object], **extra: object) -> dict[str, object]:
    return {
        "session_id": SESSION,
        "transcript_path": f"/home/dev/.claude/projects/-p/{SESSION}.jsonl",
        "cwd": "/somewhere",
        "permission_mode": "default",
        "hook_event_name": "PreToolUse",
        "tool_name": tool,
        "tool_input": tool_input,
        "tool_use_id": "toolu_01",
        **extra,
    }


def test_curl_is_rewritten_keeping_the_other_bash_fields(run_hook: RunHook) -> None:
    out, _ = run_hook(
        "pretooluse",
        _pre(
            "Bash",
            {
                "command": "curl https://api.example.com/v1",
                "description": "Call API",
                "timeout": 60000,
                "run_in_background": False,
            },
        ),
    )
    assert out is not None
    specific = out["hookSpecificOutput"]
    assert specific["hookEventName"] == "PreToolUse"
    assert specific["permissionDecision"] == "allow"
    updated = specific["updatedInput"]
    assert updated["command"].startswith("echo ")
    assert updated["description"] == "Call API"
    assert updated["timeout"] == 60000
    assert updated["run_in_background"] is False


def test_quiet_download_passes_with_one_advisory(run_hook: RunHook, project: Path) -> None:
    payload = _pre("Bash", {"command": "curl -sSo data.json https://example.com/data.json"})
    first, _ = run_hook("pretooluse", payload)
    assert first is not None and "additionalContext" in first["hookSpecificOutput"]
    second, _ = run_hook("pretooluse", payload)
    assert second is None
    state = json.loads(_guidance_file().read_text())
    assert state == {"bash": True}
    # capy's memory of what it said lives in its state directory: the project gains no
    # `.capy` directory that would make it (or /tmp, or $HOME) a project root
    assert not (project / ".capy").exists()


def _guidance_file() -> Path:
    import os

    state_home = Path(os.environ["XDG_STATE_HOME"])
    return state_home / "capy" / "guidance" / f"guidance-{SESSION}.json"


def test_web_fetch_is_denied(run_hook: RunHook) -> None:
    out, _ = run_hook(
        "PreToolUse",
        _pre("WebFetch", {"url": "https://github.com/o/r/issues/7", "prompt": "summarise"}),
    )
    assert out is not None
    specific = out["hookSpecificOutput"]
    assert specific["permissionDecision"] == "deny"
    assert "gh issue view 7 --repo o/r" in specific["permissionDecisionReason"]


def test_agent_prompt_is_briefed(run_hook: RunHook) -> None:
    out, _ = run_hook(
        "pretooluse",
        _pre(
            "Agent", {"prompt": "Audit the tests", "description": "audit", "subagent_type": "Bash"}
        ),
    )
    assert out is not None
    updated = out["hookSpecificOutput"]["updatedInput"]
    assert updated["prompt"].startswith("Audit the tests\n\n<capy_routing>")
    assert updated["subagent_type"] == "general-purpose"
    assert updated["description"] == "audit"


def test_deny_rule_in_project_settings(run_hook: RunHook, project: Path) -> None:
    (project / ".claude").mkdir()
    (project / ".claude" / "settings.json").write_text(
        json.dumps({"permissions": {"deny": ["Bash(rm -rf *)"], "allow": ["Bash(ls:*)"]}})
    )
    out, _ = run_hook("pretooluse", _pre("Bash", {"command": "ls && rm -rf build"}))
    assert out is not None
    assert out["hookSpecificOutput"]["permissionDecision"] == "deny"
    assert "Bash(rm -rf *)" in out["hookSpecificOutput"]["permissionDecisionReason"]
    code = "import os\nos.system('rm -rf /tmp/x')\n"
    out, _ = run_hook(
        "pretooluse",
        _pre("mcp__capy__capy_execute", {"language": "python", "code": code}),
    )
    assert out is not None and out["hookSpecificOutput"]["permissionDecision"] == "deny"


def test_unreadable_rules_keep_the_hook_out_of_the_way(run_hook: RunHook, project: Path) -> None:
    (project / ".claude").mkdir()
    (project / ".claude" / "settings.json").write_text("{ not json")
    out, _ = run_hook(
        "pretooluse", _pre("Edit", {"file_path": "/a", "old_string": "x", "new_string": "y"})
    )
    assert out is None


def test_session_start_injects_the_routing_block(run_hook: RunHook) -> None:
    out, _done = run_hook(
        "sessionstart",
        {
            "session_id": SESSION,
            "hook_event_name": "SessionStart",
            "source": "startup",
            "model": "claude",
        },
    )
    assert out is not None
    block = out["hookSpecificOutput"]["additionalContext"]
    assert out["hookSpecificOutput"]["hookEventName"] == "SessionStart"
    assert block.startswith("<capy_routing>")
    assert len(block.encode()) < 2048


def test_quiet_events_say_nothing(run_hook: RunHook) -> None:
    for event, payload in [
        (
            "posttooluse",
            {
                "session_id": SESSION,
                "tool_name": "Bash",
                "tool_input": {},
                "tool_response": {"stdout": "x"},
            },
        ),
        ("precompact", {"session_id": SESSION, "trigger": "auto", "custom_instructions": ""}),
        ("sessionend", {"session_id": SESSION, "reason": "other"}),
        ("userpromptsubmit", {"session_id": SESSION, "prompt": "hello"}),
    ]:
        out, done = run_hook(event, payload)
        assert out is None and done.stdout == ""


def test_codex_gets_a_deny_instead_of_a_rewrite(run_hook: RunHook) -> None:
    payload = _pre("Bash", {"command": "curl https://example.com"}, turn_id="turn-1", model="gpt-5")
    out, _ = run_hook("pretooluse", payload, "--platform", "codex")
    assert out is not None
    assert out["hookSpecificOutput"]["permissionDecision"] == "deny"
    assert "updatedInput" not in out["hookSpecificOutput"]
    detected, _ = run_hook("pretooluse", payload)  # turn_id tells Codex apart
    assert detected == out
    agent, _ = run_hook("pretooluse", _pre("Agent", {"prompt": "x"}, turn_id="t"))
    assert agent is None


def test_global_options_before_hook_reach_the_hook(capy_command: str, tmp_path: Path) -> None:
    import os
    import subprocess

    other = tmp_path / "elsewhere"
    (other / ".claude").mkdir(parents=True)
    (other / ".claude" / "settings.json").write_text(
        json.dumps({"permissions": {"deny": ["Bash(rm -rf *)"]}})
    )
    done = subprocess.run(
        [capy_command, "--project-dir", str(other), "hook", "pretooluse"],
        input=json.dumps(_pre("Bash", {"command": "rm -rf build"})),
        capture_output=True,
        text=True,
        env={k: v for k, v in os.environ.items() if k != "CLAUDE_PROJECT_DIR"},
        timeout=60,
        check=False,
    )
    assert done.returncode == 0 and done.stderr == ""
    # the deny rule is read from the project --project-dir names
    assert json.loads(done.stdout)["hookSpecificOutput"]["permissionDecision"] == "deny"
    assert not (other / ".capy").exists()


def test_non_ascii_survives_an_ascii_stdout(run_hook: RunHook) -> None:
    out, _ = run_hook(
        "pretooluse",
        _pre("Task", {"prompt": "Prüfe die Tests — schnell"}),
        env={"PYTHONIOENCODING": "ascii", "LC_ALL": "C"},
    )
    assert out is not None
    assert out["hookSpecificOutput"]["updatedInput"]["prompt"].startswith("Prüfe die Tests — ")
