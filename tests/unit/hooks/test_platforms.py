"""Each host's dialect: parsing its input and rendering each kind of decision."""

from __future__ import annotations

import json
from typing import Any

from adapters.platforms.claude_code import ClaudeCodeHookPlatform
from adapters.platforms.codex import CodexHookPlatform
from adapters.platforms.cursor import CursorHookPlatform
from adapters.platforms.detect import detect_platform, platform_name
from adapters.platforms.gemini_cli import GeminiCliHookPlatform
from adapters.platforms.vscode_copilot import VsCodeCopilotHookPlatform
from domain.hooks.decision import NO_OPINION, AddContext, Ask, Deny, ModifyInput
from domain.hooks.events import HookEvent

PRE = HookEvent.PRE_TOOL_USE
REWRITE = ModifyInput({"command": "echo hi", "description": "d"}, "why", replaces_denial=True)


def _render(platform: Any, payload: dict[str, Any], decision: Any, event: HookEvent = PRE) -> Any:
    out = platform.render(platform.parse(event, payload), decision)
    return None if out is None else json.loads(out)


def test_claude_code_parse_prefers_the_transcript_session() -> None:
    platform = ClaudeCodeHookPlatform({}, "/proj")
    parsed = platform.parse(
        PRE,
        {
            "session_id": "other",
            "transcript_path": "/h/.claude/projects/p/7c1d2e90-4b3a-4f6e-9a51-2f0c8d3b6a11.jsonl",
            "tool_name": "Bash",
            "tool_input": {"command": "ls"},
        },
    )
    assert parsed.session_id == "7c1d2e90-4b3a-4f6e-9a51-2f0c8d3b6a11"
    assert parsed.project_dir == "/proj"
    assert parsed.tool is not None and parsed.tool.name == "Bash"


def test_claude_code_renders_every_decision() -> None:
    platform = ClaudeCodeHookPlatform({}, "/proj")
    payload = {"session_id": "s", "tool_name": "Bash", "tool_input": {"command": "x"}}
    deny = _render(platform, payload, Deny("no"))["hookSpecificOutput"]
    assert deny == {
        "hookEventName": "PreToolUse",
        "permissionDecision": "deny",
        "permissionDecisionReason": "no",
    }
    ask = _render(platform, payload, Ask("sure?"))["hookSpecificOutput"]
    assert ask["permissionDecision"] == "ask"
    modify = _render(platform, payload, REWRITE)["hookSpecificOutput"]
    assert modify["permissionDecision"] == "allow"
    assert modify["updatedInput"] == {"command": "echo hi", "description": "d"}
    tip = _render(platform, payload, AddContext("tip"))["hookSpecificOutput"]
    assert tip == {"hookEventName": "PreToolUse", "additionalContext": "tip"}
    assert _render(platform, payload, NO_OPINION) is None
    start = _render(platform, {}, AddContext("block"), HookEvent.SESSION_START)
    assert start == {
        "hookSpecificOutput": {"hookEventName": "SessionStart", "additionalContext": "block"}
    }


def test_codex_enforces_only_deny() -> None:
    platform = CodexHookPlatform({}, "/proj")
    payload = {"session_id": "s", "turn_id": "t", "tool_name": "shell", "tool_input": {}}
    assert platform.parse(PRE, payload).tool.name == "Bash"  # type: ignore[union-attr]
    blocked = _render(platform, payload, REWRITE)["hookSpecificOutput"]
    assert blocked["permissionDecision"] == "deny" and blocked["permissionDecisionReason"] == "why"
    asked = _render(platform, payload, Ask("rule says ask"))["hookSpecificOutput"]
    assert asked["permissionDecision"] == "deny"
    assert "cannot ask" in asked["permissionDecisionReason"]
    assert _render(platform, payload, ModifyInput({"prompt": "p"}, "brief")) is None
    assert _render(platform, payload, AddContext("tip")) is None
    start = _render(platform, {}, AddContext("block"), HookEvent.SESSION_START)
    assert start["hookSpecificOutput"]["additionalContext"] == "block"


def test_gemini_cli_dialect() -> None:
    platform = GeminiCliHookPlatform({"GEMINI_PROJECT_DIR": "/g"}, "")
    payload = {
        "session_id": "g1",
        "hook_event_name": "BeforeTool",
        "cwd": "/g/sub",
        "tool_name": "run_shell_command",
        "tool_input": {"command": "curl x"},
    }
    parsed = platform.parse(PRE, payload)
    assert parsed.tool is not None and parsed.tool.name == "Bash"
    assert parsed.project_dir == "/g"
    assert _render(platform, payload, Deny("no")) == {"decision": "deny", "reason": "no"}
    rewritten = _render(platform, payload, REWRITE)
    assert rewritten["hookSpecificOutput"]["tool_input"]["command"] == "echo hi"
    assert _render(platform, payload, Ask("?"))["decision"] == "deny"
    assert _render(platform, payload, AddContext("tip")) is None


def test_cursor_dialect() -> None:
    platform = CursorHookPlatform({}, "")
    shell = {
        "hook_event_name": "beforeShellExecution",
        "conversation_id": "c1",
        "workspace_roots": ["/w"],
        "command": "curl https://x",
        "cwd": "/w",
    }
    parsed = platform.parse(PRE, shell)
    assert parsed.tool is not None and parsed.tool.name == "Bash"
    assert parsed.session_id == "c1" and parsed.project_dir == "/w"
    blocked = _render(platform, shell, REWRITE)
    assert blocked["permission"] == "deny" and blocked["agent_message"] == "why"
    tool = {**shell, "hook_event_name": "preToolUse", "tool_name": "Shell", "tool_input": {}}
    rewritten = _render(platform, tool, REWRITE)
    assert rewritten["permission"] == "allow"
    assert rewritten["updated_input"]["command"] == "echo hi"
    assert _render(platform, tool, AddContext("tip")) is None
    mcp = {**shell, "hook_event_name": "beforeMCPExecution", "tool_name": "capy_execute"}
    mcp["tool_input"] = json.dumps({"language": "shell", "code": "ls"})
    parsed_mcp = platform.parse(PRE, mcp)
    assert parsed_mcp.tool is not None and parsed_mcp.tool.text("code") == "ls"


def test_vscode_copilot_dialect() -> None:
    platform = VsCodeCopilotHookPlatform({}, "/v")
    payload = {
        "sessionId": "v1",
        "hookEventName": "PreToolUse",
        "tool_name": "run_in_terminal",
        "tool_input": {"command": "ls", "explanation": "e", "isBackground": False},
    }
    parsed = platform.parse(PRE, payload)
    assert parsed.session_id == "v1"
    assert parsed.tool is not None and parsed.tool.name == "Bash"
    out = _render(platform, payload, Deny("no"))["hookSpecificOutput"]
    assert out["permissionDecision"] == "deny"


def test_detection_and_names() -> None:
    assert detect_platform({"hookEventName": "PreToolUse", "sessionId": "x"}) == "vscode-copilot"
    assert detect_platform({"conversation_id": "c", "hook_event_name": "preToolUse"}) == "cursor"
    assert detect_platform({"hook_event_name": "BeforeTool"}) == "gemini-cli"
    assert detect_platform({"hook_event_name": "PreToolUse", "turn_id": "t"}) == "codex"
    assert detect_platform({"hook_event_name": "PreToolUse"}) == "claude-code"
    assert platform_name("gemini") == "gemini-cli"
    assert platform_name("Claude_Code") == "claude-code"
    assert platform_name("emacs") is None


def test_odd_fields_are_treated_as_absent() -> None:
    platform = ClaudeCodeHookPlatform({"CLAUDE_SESSION_ID": "env"}, "/p")
    parsed = platform.parse(PRE, {"tool_name": 3, "tool_input": "x", "session_id": None})
    assert parsed.tool is None
    assert parsed.session_id == "env"
