"""Whatever arrives on stdin, the hook exits 0, prints valid JSON or nothing, and no stderr."""

from __future__ import annotations

import io
import json
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from entrypoints.hook import run_hook

EVENTS = [
    "pretooluse",
    "posttooluse",
    "precompact",
    "sessionstart",
    "sessionend",
    "userpromptsubmit",
    "PreToolUse",
    "BeforeTool",
    "beforeShellExecution",
    "bogus",
    "",
]
TOOLS = [
    "Bash",
    "Read",
    "Grep",
    "WebFetch",
    "Agent",
    "Task",
    "mcp__capy__capy_execute",
    "capy_fetch_and_index",
    "run_shell_command",
    "Shell",
    "run_in_terminal",
    "Edit",
]

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=30),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=10), inner, max_size=4)
    ),
    max_leaves=12,
)
tool_inputs = st.fixed_dictionaries(
    {},
    optional={
        "command": st.text(max_size=80) | st.sampled_from(["curl https://x", "wget -qO- u", "ls"]),
        "url": st.text(max_size=40) | st.just("https://github.com/a/b/pull/1"),
        "prompt": st.text(max_size=40),
        "subagent_type": st.sampled_from(["Bash", "general-purpose"]),
        "language": st.sampled_from(["shell", "python", "javascript"]),
        "code": st.text(max_size=80),
        "commands": json_values,
    },
)
payloads = st.fixed_dictionaries(
    {},
    optional={
        "session_id": st.text(max_size=20) | json_values,
        "sessionId": st.text(max_size=20),
        "hook_event_name": st.sampled_from(EVENTS) | json_values,
        "transcript_path": st.text(max_size=40),
        "cwd": st.text(max_size=20),
        "tool_name": st.sampled_from(TOOLS) | json_values,
        "tool_input": tool_inputs | json_values,
        "conversation_id": st.text(max_size=10),
        "workspace_roots": json_values,
        "turn_id": st.text(max_size=5),
        "source": st.sampled_from(["startup", "compact", "clear"]),
    },
)
stdin_bodies = (
    payloads.map(json.dumps)
    | json_values.map(json.dumps)
    | st.text(max_size=60)
    | st.binary(max_size=60).map(lambda b: b.decode("latin-1"))
)


def _run(args: list[str], body: str, monkeypatch: pytest.MonkeyPatch) -> tuple[int, str, str]:
    stdin = io.TextIOWrapper(io.BytesIO(body.encode("utf-8", "surrogatepass")), encoding="utf-8")
    out, err = io.StringIO(), io.StringIO()
    monkeypatch.setattr(sys, "stdin", stdin)
    monkeypatch.setattr(sys, "stdout", out)
    monkeypatch.setattr(sys, "stderr", err)
    code = run_hook(args)
    return code, out.getvalue(), err.getvalue()


@settings(
    max_examples=300, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    event=st.sampled_from(EVENTS),
    body=stdin_bodies,
    platform=st.sampled_from(
        ["", "claude-code", "codex", "gemini-cli", "cursor", "vscode-copilot", "nonsense"]
    ),
)
def test_any_input_is_safe(
    event: str, body: str, platform: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("CLAUDE_PROJECT_DIR", str(tmp_path))
    args = [event] + (["--platform", platform] if platform else [])
    code, out, err = _run(args, body, monkeypatch)
    assert code == 0
    assert err == ""
    if out:
        document: Any = json.loads(out)
        assert isinstance(document, dict)
