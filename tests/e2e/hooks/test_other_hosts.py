"""``capy hook`` as Gemini CLI, Cursor and VS Code Copilot run it."""

from __future__ import annotations

from tests.e2e.hooks.conftest import RunHook


def test_gemini_cli(run_hook: RunHook) -> None:
    payload = {
        "session_id": "g-1",
        "transcript_path": "/tmp/g.json",
        "cwd": "/w",
        "hook_event_name": "BeforeTool",
        "timestamp": "2026-08-20T09:14:03Z",
        "tool_name": "run_shell_command",
        "tool_input": {"command": "curl https://example.com", "description": "fetch"},
    }
    out, _ = run_hook("BeforeTool", payload)
    assert out is not None
    assert out["hookSpecificOutput"]["tool_input"]["command"].startswith("echo ")
    fetch = {**payload, "tool_name": "web_fetch", "tool_input": {"url": "https://x.io/docs"}}
    out, _ = run_hook("pretooluse", fetch, "--platform", "gemini-cli")
    assert out is not None and out["decision"] == "deny"


def test_cursor(run_hook: RunHook) -> None:
    common = {
        "conversation_id": "c-1",
        "generation_id": "g-1",
        "workspace_roots": ["/w"],
        "cursor_version": "1.7",
    }
    shell = {
        **common,
        "hook_event_name": "beforeShellExecution",
        "command": "wget -qO- https://example.com",
        "cwd": "/w",
    }
    out, _ = run_hook("beforeShellExecution", shell)
    assert out is not None and out["permission"] == "deny"
    assert "capy_fetch_and_index" in out["agent_message"]
    tool = {
        **common,
        "hook_event_name": "preToolUse",
        "tool_name": "Shell",
        "tool_input": {"command": "curl https://example.com"},
    }
    out, _ = run_hook("preToolUse", tool, "--platform", "cursor")
    assert out is not None and out["permission"] == "allow"
    assert out["updated_input"]["command"].startswith("echo ")


def test_vscode_copilot(run_hook: RunHook) -> None:
    payload = {
        "timestamp": "2026-08-20T09:14:03Z",
        "cwd": "/w",
        "sessionId": "v-1",
        "hookEventName": "PreToolUse",
        "transcript_path": "/tmp/v.json",
        "tool_name": "run_in_terminal",
        "tool_input": {
            "command": "curl https://example.com",
            "explanation": "x",
            "isBackground": False,
        },
    }
    out, _ = run_hook("PreToolUse", payload)
    assert out is not None
    updated = out["hookSpecificOutput"]["updatedInput"]
    assert updated["explanation"] == "x" and updated["isBackground"] is False
    assert updated["command"].startswith("echo ")


def test_malformed_input_is_no_opinion(run_hook: RunHook) -> None:
    for raw in ["", "not json", "[1, 2]", '"text"', "{", "\x00\xff"]:
        for event in ["pretooluse", "sessionstart", "posttooluse", "nonsense"]:
            out, done = run_hook(event, None, raw=raw)
            assert out is None and done.stdout == ""
    out, _ = run_hook("pretooluse", None, raw='{"tool_name": null, "tool_input": 3}')
    assert out is None
