"""A scripted Claude Code session for measuring session continuity through the real hooks.

An agent fixes case-insensitive search in a small notes app: it reads files, runs a subagent,
keeps a task list, fails a test run, follows a decision and a rule the user states, edits,
commits, installs a package, hits a type-checker error it does not resolve, compacts, goes on
and is later resumed. The tool outputs are those the real tools printed on such a project
(pytest 9, mypy --strict, git, pip).
"""

from __future__ import annotations

from typing import Any

import attrs

SESSION_ID = "7c1d2e90-4b3a-4f6e-9a51-2f0c8d3b6a11"
GOAL = "Ship case-insensitive search with tests and a changelog entry"
LAST_DECISION = "compare with casefold() instead of lowercasing on insert"
OPEN_TASK = "Add a regression test for mixed-case search"
UNRESOLVED_ERROR = "src/notes/store.py:8: error: Function is missing a type annotation"
EDITED_FILES = ("src/notes/store.py", "tests/test_search_case.py", "CHANGELOG.md")

_PYTEST_FAILURE = """Exit code 1
F                                                                        [100%]
=================================== FAILURES ===================================
___________________________ test_search_ignores_case ___________________________

    def test_search_ignores_case():
        store = NoteStore()
        store.add(1, "Deploy checklist")
>       assert store.search("deploy") == [1]
E       assert [] == [1]
E
E         Right contains one more item: 1
E         Use -v to get more diff

tests/test_store.py:6: AssertionError
=========================== short test summary info ============================
FAILED tests/test_store.py::test_search_ignores_case - assert [] == [1]
1 failed in 0.47s"""
_MYPY_FAILURE = """Exit code 1
src/notes/store.py:2: error: Function is missing a return type annotation  [no-untyped-def]
src/notes/store.py:2: note: Use "-> None" if function does not return a value
src/notes/store.py:5: error: Function is missing a type annotation  [no-untyped-def]
src/notes/store.py:8: error: Function is missing a type annotation  [no-untyped-def]
Found 3 errors in 1 file (checked 2 source files)"""
_PIP_OUTPUT = (
    "Collecting hypothesis\n  Downloading hypothesis-6.170.17-py3-none-any.whl (525 kB)\n"
    "Successfully installed hypothesis-6.170.17 sortedcontainers-2.4.0"
)


@attrs.frozen
class Step:
    """One hook call: the ``capy hook`` event argument and the JSON the host sends."""

    event: str
    payload: dict[str, Any]


def _base(project: str, event: str) -> dict[str, Any]:
    return {
        "session_id": SESSION_ID,
        "transcript_path": f"/home/dev/.claude/projects/-notes-app/{SESSION_ID}.jsonl",
        "cwd": project,
        "hook_event_name": event,
    }


class _Script:
    def __init__(self, project: str) -> None:
        self.project = project
        self.steps: list[Step] = []

    def prompt(self, text: str) -> None:
        self.steps.append(
            Step("userpromptsubmit", {**_base(self.project, "UserPromptSubmit"), "prompt": text})
        )

    def launch(self, tool: str, arguments: dict[str, Any]) -> None:
        payload = {**_base(self.project, "PreToolUse"), "tool_name": tool, "tool_input": arguments}
        self.steps.append(Step("pretooluse", payload))

    def tool(self, tool: str, arguments: dict[str, Any], response: Any = None) -> None:
        payload = {
            **_base(self.project, "PostToolUse"),
            "tool_name": tool,
            "tool_input": arguments,
            "tool_response": response if response is not None else {},
        }
        self.steps.append(Step("posttooluse", payload))

    def failure(self, tool: str, arguments: dict[str, Any], error: str) -> None:
        payload = {
            **_base(self.project, "PostToolUseFailure"),
            "tool_name": tool,
            "tool_input": arguments,
            "error": error,
        }
        self.steps.append(Step("posttoolusefailure", payload))

    def bash(self, command: str, stdout: str = "") -> None:
        self.tool("Bash", {"command": command}, {"stdout": stdout, "stderr": ""})

    def read(self, path: str) -> None:
        self.tool("Read", {"file_path": f"{self.project}/{path}"}, {"type": "text"})

    def edit(self, path: str, tool: str = "Edit") -> None:
        self.tool(tool, {"file_path": f"{self.project}/{path}"}, {"filePath": path})

    def todos(self, *items: tuple[str, str]) -> None:
        todos = [{"content": text, "status": status, "activeForm": text} for text, status in items]
        self.tool("TodoWrite", {"todos": todos})

    def event(self, event: str, **fields: Any) -> None:
        names = {"precompact": "PreCompact", "sessionstart": "SessionStart"}
        names["sessionend"] = "SessionEnd"
        self.steps.append(Step(event, {**_base(self.project, names[event]), **fields}))


def before_compaction(project: str) -> list[Step]:
    """The session up to its compaction (PreCompact included)."""
    s = _Script(project)
    s.prompt(
        "Search in the notes app misses notes whose text differs in case. Make "
        "NoteStore.search case-insensitive and add a test for it."
    )
    agent = {"description": "Find callers of NoteStore.search", "subagent_type": "Explore"}
    s.launch("Agent", {**agent, "prompt": "List every caller of NoteStore.search."})
    s.tool("Agent", {**agent, "prompt": "List every caller of NoteStore.search."}, {})
    s.read("src/notes/store.py")
    s.read("tests/test_store.py")
    s.tool("Grep", {"pattern": r"\.search\(", "path": f"{project}/src"}, {"numFiles": 2})
    s.todos(
        ("Make NoteStore.search case-insensitive", "in_progress"),
        (OPEN_TASK, "pending"),
        ("Add a changelog entry", "pending"),
    )
    s.bash("git checkout -b fix/search-case", "Switched to a new branch 'fix/search-case'")
    pytest = "PYTHONPATH=src python -m pytest -q tests/test_store.py"
    s.failure("Bash", {"command": pytest}, _PYTEST_FAILURE)
    s.prompt(
        f"Keep the stored text as it is; {LAST_DECISION}. Never change the public API of NoteStore."
    )
    s.read("src/notes/__init__.py")
    s.edit("src/notes/store.py")
    s.bash(pytest, "1 passed in 0.02s")
    s.todos(
        ("Make NoteStore.search case-insensitive", "completed"),
        (OPEN_TASK, "in_progress"),
        ("Add a changelog entry", "pending"),
    )
    s.edit("tests/test_search_case.py", "Write")
    s.bash("PYTHONPATH=src python -m pytest -q", "3 passed in 0.03s")
    s.bash("source .venv/bin/activate && pip install hypothesis", _PIP_OUTPUT)
    s.bash("git status --short", " M src/notes/store.py\n?? tests/test_search_case.py")
    s.bash("git diff --stat", " src/notes/store.py | 4 ++--")
    s.bash(
        'git add -A && git commit -m "Make NoteStore.search case-insensitive"',
        "[fix/search-case 3f2a1b7] Make NoteStore.search case-insensitive",
    )
    s.read("README.md")
    s.read("docs/usage.md")
    s.tool("Glob", {"pattern": "**/*.md"}, {"numFiles": 3})
    s.tool(
        "mcp__capy__capy_execute",
        {"language": "shell", "code": "wc -l src/notes/*.py", "intent": "line counts"},
        [{"type": "text", "text": "  12 src/notes/store.py"}],
    )
    s.prompt(f"/goal {GOAL}")
    s.failure("Bash", {"command": "mypy --strict src"}, _MYPY_FAILURE)
    s.read("pyproject.toml")
    s.bash("ls tests", "test_search_case.py\ntest_store.py")
    s.prompt("Looks good so far. What is left?")
    s.event("precompact", trigger="auto", custom_instructions="")
    return s.steps


def after_compaction(project: str) -> list[Step]:
    """The session after its compaction, up to the end of the session."""
    s = _Script(project)
    s.read("CHANGELOG.md")
    s.prompt("Use the Keep a Changelog format for the entry.")
    s.edit("CHANGELOG.md")
    s.bash("git push origin fix/search-case", "To github.com:dev/notes-app.git")
    s.event("sessionend", reason="prompt_input_exit")
    return s.steps


def session_start(project: str, source: str, session_id: str = SESSION_ID) -> Step:
    payload = {**_base(project, "SessionStart"), "source": source, "session_id": session_id}
    payload["transcript_path"] = payload["transcript_path"].replace(SESSION_ID, session_id)
    return Step("sessionstart", payload)
