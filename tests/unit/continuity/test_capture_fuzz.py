"""Whatever a host sends, capture yields facts or nothing — never an exception — and every
fact stays short."""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from domain.continuity.prompt_facts import prompt_events
from domain.continuity.tool_facts import tool_events
from domain.hooks.tool_call import ToolCall, ToolOutcome

TOOLS = [
    "Bash",
    "Read",
    "Edit",
    "Write",
    "TodoWrite",
    "TaskCreate",
    "TaskUpdate",
    "Agent",
    "Task",
    "Grep",
    "Glob",
    "apply_patch",
    "update_plan",
    "mcp__x__y",
    "Other",
]
KEYS = [
    "command",
    "file_path",
    "path",
    "files",
    "edits",
    "todos",
    "plan",
    "subject",
    "taskId",
    "status",
    "description",
    "prompt",
    "pattern",
    "run_in_background",
    "input",
]

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=60),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=10), inner, max_size=4)
    ),
    max_leaves=15,
)
arguments = st.dictionaries(st.sampled_from(KEYS), json_values, max_size=5)


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(TOOLS), arguments, json_values, st.text(max_size=80), st.booleans())
def test_any_tool_call_gives_short_facts(
    name: str, args: dict[str, Any], response: Any, error: str, failed: bool
) -> None:
    events = tool_events(ToolCall(name, args), ToolOutcome(response, error, failed), "/p", 1.0)
    assert isinstance(events, list)  # random input may well give no fact: never an exception
    for event in events:
        assert len(event.text) <= 2_000 and len(event.key) <= 400


LONG = st.text(min_size=1, max_size=3_000).map(lambda s: "x" + s)


@settings(max_examples=100, deadline=None)
@given(
    st.sampled_from(["Bash", "Read", "Edit", "Write"]),
    LONG,
    st.text(max_size=3_000),
    st.booleans(),
)
def test_every_tool_call_that_names_a_thing_gives_short_facts(
    name: str, thing: str, response: str, failed: bool
) -> None:
    """Calls certain to give facts (a command, a path), with long values: the
    limits are checked on facts that exist."""
    args = {"command": thing, "file_path": thing}
    events = tool_events(ToolCall(name, args), ToolOutcome(response, "", failed), "/p", 1.0)
    assert events, f"{name} named {thing[:40]!r} and gave no fact: nothing to check"
    for event in events:
        assert len(event.text) <= 2_000 and len(event.key) <= 400


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=2_000))
def test_any_prompt_gives_short_facts(prompt: str) -> None:
    events = prompt_events(prompt, 1.0)
    if prompt.strip() and not prompt.lstrip().startswith("/"):
        assert events, "a request gave no fact: nothing to check"
    for event in events:
        assert len(event.text) <= 300 and len(event.key) <= 120


def test_huge_inputs_are_read_only_in_part() -> None:
    command = "git commit -m x && " + "a" * 5_000_000
    events = tool_events(ToolCall("Bash", {"command": command}), ToolOutcome({}), "/p", 1.0)
    assert all(len(e.text) <= 300 for e in events)
    failure = ToolOutcome({"stderr": "noise\n" * 1_000_000 + "ValueError: last"}, "", True)
    [error] = tool_events(ToolCall("Bash", {"command": "x"}), failure, "/p", 1.0)
    assert error.text.endswith("ValueError: last")
    todos = {"todos": [{"content": "t", "status": "pending"}] * 100_000}
    [tasks] = tool_events(ToolCall("TodoWrite", todos), ToolOutcome({}), "/p", 1.0)
    assert tasks.text.count("\n") < 20
