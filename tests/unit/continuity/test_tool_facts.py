"""What a tool call tells, across the hosts' tools and result shapes."""

from __future__ import annotations

from typing import Any

from domain.continuity.event import ENV, ERROR, FAILED, FILE, GIT, MCP, OK, SUBAGENT, TASK
from domain.continuity.tool_facts import subagent_events, tool_events
from domain.hooks.tool_call import ToolCall, ToolOutcome

ROOT = "/home/dev/app"


def _events(name: str, arguments: dict[str, Any], outcome: ToolOutcome | None = None) -> list:
    return tool_events(ToolCall(name, arguments), outcome or ToolOutcome({}), ROOT, 5.0)


def _facts(events: list) -> list[tuple[str, str, str]]:
    return [(e.category, e.action, e.text) for e in events]


def test_files_read_and_edited_relative_to_the_project() -> None:
    assert _facts(_events("Read", {"file_path": f"{ROOT}/src/a.py"})) == [
        (FILE, "read", "src/a.py")
    ]
    for tool in ["Edit", "MultiEdit", "Write", "write_file", "replace", "NotebookEdit"]:
        key = "notebook_path" if tool == "NotebookEdit" else "file_path"
        assert _facts(_events(tool, {key: f"{ROOT}/b.py"})) == [(FILE, "edit", "b.py")], tool
    assert _facts(_events("Read", {"file_path": "/etc/hosts"})) == [(FILE, "read", "/etc/hosts")]


def test_codex_patches_name_every_file() -> None:
    patch = (
        "*** Begin Patch\n*** Update File: src/a.py\n@@\n-x\n+y\n"
        "*** Add File: src/new.py\n+print(1)\n*** Delete File: old.py\n*** End Patch"
    )
    facts = _facts(_events("apply_patch", {"command": ["apply_patch", patch]}))
    assert facts == [
        (FILE, "edit", "src/a.py"),
        (FILE, "write", "src/new.py"),
        (FILE, "delete", "old.py"),
    ]


def test_task_lists_of_each_host() -> None:
    claude = _events(
        "TodoWrite",
        {
            "todos": [
                {"content": "Fix", "status": "in_progress"},
                {"content": "Doc", "status": "pending"},
            ]
        },
    )
    codex = _events("update_plan", {"plan": [{"step": "Fix", "status": "in_progress"}]})
    gemini = _events("write_todos", {"todos": [{"description": "Fix", "status": "completed"}]})
    assert claude[0].text == "in progress\tFix\npending\tDoc"
    assert codex[0].text == "in progress\tFix"
    assert gemini[0].text == "done\tFix"
    created = _events("TaskCreate", {"subject": "Write docs"}, ToolOutcome({"task": {"id": "3"}}))
    updated = _events("TaskUpdate", {"taskId": "3", "status": "completed"})
    assert [(e.category, e.action, e.key) for e in created + updated] == [
        (TASK, "pending", "task 3"),
        (TASK, "done", "task 3"),
    ]


def test_shell_results_pass_or_fail_by_each_hosts_report() -> None:
    failing = [
        ToolOutcome(None, "Exit code 1\nE   KeyError: 'a'", failed=True),  # Claude's failure event
        ToolOutcome("Exit code: 2\nWall time: 0.1 seconds\nOutput:\nerror: no such file"),  # Codex
        ToolOutcome({"exit_code": 1, "stderr": "fatal: not a git repository"}),
        ToolOutcome({"success": False, "output": "boom"}),
        ToolOutcome({"stdout": "", "interrupted": True}),
        ToolOutcome({"llmContent": "", "error": {"message": "File not found: a.py"}}),  # Gemini
    ]
    for outcome in failing:
        events = _events("Bash", {"command": "pytest -q"}, outcome)
        assert [(e.category, e.action) for e in events] == [(ERROR, FAILED)], outcome
    passing = _events("Bash", {"command": "git commit -m 'x' && pip install rich"})
    assert [e.category for e in passing] == [GIT, ENV, OK]
    assert (
        _events("Bash", {"command": "ls"}, ToolOutcome("Exit code: 0\nOutput:\nfile"))[0].category
        == OK
    )


def test_an_error_keeps_the_line_that_says_why() -> None:
    failure = (
        'Exit code 1\nTraceback (most recent call last):\n  File "x.py", line 1\n'
        "ModuleNotFoundError: No module named 'httpx'"
    )
    [event] = _events("Bash", {"command": "python x.py"}, ToolOutcome(None, failure, failed=True))
    assert event.key == "cmd:python x.py"
    assert event.text == "python x.py: ModuleNotFoundError: No module named 'httpx'"


def test_subagents_launch_and_finish() -> None:
    arguments = {"description": "Find callers", "prompt": "…", "subagent_type": "Explore"}
    [launched] = subagent_events(arguments, 1.0, "launched")
    [finished] = _events("Agent", arguments)
    assert launched.key == finished.key and launched.category == SUBAGENT
    assert (launched.action, finished.action) == ("launched", "finished")
    background = _events("Task", {**arguments, "run_in_background": True})
    assert background[0].action == "running in the background"


def test_mcp_tools_are_kept_by_server_and_tool_and_pass_or_fail() -> None:
    assert _facts(_events("mcp__github__get_issue", {"n": 1})) == [
        (MCP, "called", "github: get_issue"),
        (OK, "passed", "mcp__github__get_issue"),
    ]
    [called, error] = _events(
        "mcp__db__query", {}, ToolOutcome({"isError": True, "content": "timeout"})
    )
    assert (called.category, called.action, called.key) == (MCP, "failed", "mcp:db/query")
    assert (error.category, error.key) == (ERROR, "tool:mcp__db__query")


def test_other_tools_only_pass_or_fail() -> None:
    assert _facts(_events("Frobnicate", {"n": 1})) == [(OK, "passed", "Frobnicate")]
    [error] = _events("Frobnicate", {}, ToolOutcome({"is_error": True, "content": "timeout"}))
    assert (error.category, error.key) == (ERROR, "tool:Frobnicate")


def test_odd_input_gives_no_facts_rather_than_an_error() -> None:
    for name, arguments in [
        ("Read", {"file_path": 3}),
        ("TodoWrite", {"todos": "x"}),
        ("TodoWrite", {"todos": [1, None, {"status": "pending"}]}),
        ("Bash", {"command": ""}),
        ("Agent", {}),
        ("Grep", {}),
    ]:
        events = _events(name, arguments)
        assert all(e.category in {TASK, OK} for e in events), (name, events)
