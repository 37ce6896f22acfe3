"""What a finished (or starting) tool call tells about a session.

Tools are recognised by their canonical name (platform aliases already applied) and, for the
many hosts' file and task tools, by the shape of their input. Anything else still counts: its
failure is an error, its success may resolve one.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from domain.continuity.event import (
    ENV,
    ERROR,
    FAILED,
    FILE,
    GIT,
    OK,
    SUBAGENT,
    SUBAGENT_TOOLS,
    TASK,
    SessionEvent,
)
from domain.continuity.failures import (
    error_line,
    failure_text,
    may_report_failures,
    output_text,
)
from domain.continuity.host_facts import (
    PLAN_ENTER_TOOLS,
    PLAN_EXIT_TOOLS,
    SKILL_TOOLS,
    host_events,
    instruction_file_events,
)
from domain.continuity.wording import clip, display_path, fact_text
from domain.hooks.tool_call import ToolCall, ToolOutcome
from domain.precompiled import precompiled
from domain.redaction import redact_secrets

TYPE_CHECKING = False  # typing is not imported at run time (ADR 0102)
if TYPE_CHECKING:
    from typing import Any

SHELL_TOOLS = frozenset({"Bash", "PowerShell"})
COMMAND_KEY_CHARS = 120
READ_TOOLS = frozenset({"Read", "NotebookRead", "view", "read"})
EDIT_TOOLS = frozenset(
    {
        "Edit", "MultiEdit", "Write", "NotebookEdit", "write_file", "replace", "edit",
        "edit_file", "create_file", "StrReplace", "fs_write", "editFiles",
        "replace_string_in_file", "insert_edit_into_file", "Delete", "delete_file",
    }
)  # fmt: skip
SEARCH_TOOLS = frozenset({"Grep", "Glob", "glob", "file_search", "codebase_search"})
LIST_TASK_TOOLS = frozenset({"TodoWrite", "update_plan", "write_todos", "manage_todo_list"})
ONE_TASK_TOOLS = frozenset({"TaskCreate", "TaskUpdate"})
PATCH_TOOLS = frozenset({"apply_patch"})

_PATH_KEYS = ("file_path", "path", "filePath", "absolute_path", "notebook_path", "target_file")
_PATCH_FILE = precompiled(r"^\*\*\* (Add|Update|Delete) File: (.+)$", re.MULTILINE)
_PATCH_ACTIONS = {"Add": "write", "Update": "edit", "Delete": "delete"}
_STATUS = {
    "completed": "done",
    "complete": "done",
    "done": "done",
    "in_progress": "in progress",
    "in-progress": "in progress",
    "active": "in progress",
    "pending": "pending",
    "not_started": "pending",
    "todo": "pending",
    "cancelled": "cancelled",
    "canceled": "cancelled",
    "deleted": "cancelled",
}
# A command that only shows data prints errors without having failed.
_SHOWS_DATA = frozenset(
    {
        "cat", "head", "tail", "less", "more", "bat", "nl", "grep", "rg", "ag", "ack", "sed",
        "awk", "jq", "yq", "ls", "find", "fd", "wc", "sort", "uniq", "cut", "diff", "git",
        "echo", "printf", "tee", "journalctl", "strings", "xxd", "od",
    }
)  # fmt: skip
_NOT_RUNS = frozenset({"cd", "pushd", "popd", "export", "source", ".", "set", "unset", ""})
MAX_TASKS = 15
TASK_CHARS = 120
ERROR_CHARS = 200
COMMAND_CHARS = 120


def tool_events(
    tool: ToolCall, outcome: ToolOutcome, project_dir: str, at: float
) -> list[SessionEvent]:
    """The facts of a finished tool call."""
    name, arguments = tool.name, tool.arguments
    failure = failure_text(outcome)
    if name in SHELL_TOOLS:
        command_line = _command_text(arguments)
        if failure is None:
            reported = _reported(command_line, outcome)
            if reported:
                return _reported_events(command_line, reported, project_dir, at)
        return _shell_events(command_line, failure, project_dir, at)
    if name in PLAN_ENTER_TOOLS or name in PLAN_EXIT_TOOLS or name in SKILL_TOOLS:
        return host_events(name, arguments, outcome.response, failure is not None, at)
    if name.startswith("mcp__"):
        called = host_events(name, arguments, outcome.response, failure is not None, at)
        return called + _other_tool(tool, outcome, failure, project_dir, at)
    paths = [fact_text(display_path(p, project_dir), 300) for p in _paths(arguments)]
    if name in PATCH_TOOLS:
        return _patch_events(
            _command_text(arguments) or _text(arguments, "input"), failure, project_dir, at
        )
    if name in READ_TOOLS or name in EDIT_TOOLS:
        action = "read" if name in READ_TOOLS else "delete" if "elete" in name else "edit"
        if failure is not None:
            return [_error(f"file:{p}", f"{name} {p}", failure, at) for p in paths[:1]]
        events = [SessionEvent(FILE, action, p, p, at) for p in paths[:5]]
        return events + instruction_file_events(paths[:5], at) if action == "read" else events
    if name in SEARCH_TOOLS:
        pattern = _text(arguments, "pattern") or _text(arguments, "query")
        where = display_path(_text(arguments, "path"), project_dir)
        if not pattern or failure is not None:
            return []
        text = fact_text(f"{pattern} in {where}" if where else pattern, 160)
        return [SessionEvent(FILE, "search", f"search {text}", text, at)]
    if name in LIST_TASK_TOOLS:
        return _task_list(arguments, at)
    if name in ONE_TASK_TOOLS:
        return _one_task(name, arguments, outcome.response, at)
    if name in SUBAGENT_TOOLS:
        return subagent_events(arguments, at, "failed" if failure is not None else "finished")
    return _other_tool(tool, outcome, failure, project_dir, at)


def _other_tool(
    tool: ToolCall, outcome: ToolOutcome, failure: str | None, project_dir: str, at: float
) -> list[SessionEvent]:
    name, arguments = tool.name, tool.arguments
    code = _code_run(arguments)
    if code:  # shell code a tool ran: keyed by its command, like the shell tool's
        reported = _reported(code, outcome) if failure is None else []
        if reported:
            return _reported_events(code, reported, project_dir, at)
        return _shell_events(code, failure, project_dir, at)
    if failure is not None:
        return [_error(f"tool:{name}", name, failure, at)]
    return [SessionEvent(OK, "passed", f"tool:{name}", name, at)]


def _code_run(arguments: Mapping[str, Any]) -> str:
    """The shell code a tool ran for the agent (capy_execute and its kin), else ""."""
    code, language = arguments.get("code"), arguments.get("language")
    if isinstance(code, str) and language in {"shell", "bash", "sh", "zsh"}:
        return code
    return ""


def _reported(command_line: str, outcome: ToolOutcome) -> list[str]:
    """The failures a command's output reports though its host said it passed; [] for a
    command that only shows data (``cat build.log``, ``grep -n error``, ``git log``)."""
    if not command_line.strip():
        return []
    from domain.continuity.shell_facts import scanned_commands

    first = next(
        (c.program for c in scanned_commands(command_line) if c.program not in _NOT_RUNS), ""
    )
    if not first or first in _SHOWS_DATA:
        return []
    output = output_text(outcome.response)
    if not may_report_failures(output):
        return []  # most runs: the report's patterns are not even compiled
    from domain.continuity.output_failures import reported_failures

    return reported_failures(output)


def _reported_events(
    command_line: str, reported: list[str], project_dir: str, at: float
) -> list[SessionEvent]:
    """An unresolved error for a run whose output reports failures: keyed by the command, and
    by the failing test files when pytest names them, so a later passing run of the command,
    of those files or of a test in them resolves it."""
    from domain.continuity.shell_facts import MAX_SCANNED, command_key

    command_line = redact_secrets(command_line[:MAX_SCANNED])
    key = _failing_key(command_key(command_line) or fact_text(command_line, 60), reported)
    what = fact_text(command_line, COMMAND_CHARS)
    why = fact_text("; ".join(display_path(r, project_dir) for r in reported), ERROR_CHARS)
    return [SessionEvent(ERROR, FAILED, f"cmd:{key}", f"{what}: {why}", at)]


def _failing_key(key: str, reported: list[str]) -> str:
    """``pytest tests/a.py`` when pytest's failing node ids lie in ``tests/a.py``: a later
    passing run of that file, of a directory above it, or of the whole suite resolves it."""
    from domain.continuity.output_failures import failing_files

    files = failing_files(reported)
    return " ".join([key.split(" ", 1)[0], *files[:2]]) if files else key


def subagent_events(arguments: Mapping[str, Any], at: float, action: str) -> list[SessionEvent]:
    """A subagent launched (PreToolUse), finished or failed (PostToolUse)."""
    described = _text(arguments, "description") or _text(arguments, "prompt")
    if not described:
        return []
    if action == "finished" and arguments.get("run_in_background") is True:
        action = "running in the background"
    text = fact_text(described, 120)
    kind = _text(arguments, "subagent_type")
    key = f"agent {text.lower()}"
    return [SessionEvent(SUBAGENT, action, key, f"{text} ({kind})" if kind else text, at)]


def _shell_events(
    command_line: str, failure: str | None, project_dir: str, at: float
) -> list[SessionEvent]:
    if not command_line.strip():
        return []
    # The shell reader is loaded for shell tools only, not for every Read or Edit.
    from domain.continuity.shell_facts import (
        MAX_SCANNED,
        command_key,
        environment_facts,
        git_operations,
        printed_files,
        scanned_commands,
    )

    # Keys are stored too: everything below is read from the redacted command line.
    command_line = redact_secrets(command_line[:MAX_SCANNED])
    # A key names the command (program and first operands); one long operand must not make
    # it the whole command line.
    key = clip(command_key(command_line), COMMAND_KEY_CHARS) or fact_text(command_line, 60)
    if failure is not None:
        if "::" in failure and may_report_failures(failure):
            from domain.continuity.output_failures import reported_failures

            key = _failing_key(key, reported_failures(failure))
        return [_error(f"cmd:{key}", fact_text(command_line, COMMAND_CHARS), failure, at)]
    commands = scanned_commands(command_line)
    events = [
        SessionEvent(GIT, "ran", f"git {k}", fact_text(text, 160), at)
        for k, text in git_operations(commands)
    ]
    events += [
        SessionEvent(ENV, "set", k, fact_text(text, 160), at)
        for k, text in environment_facts(commands, project_dir)
    ]
    events += [
        SessionEvent(FILE, "read", p, p, at)
        for p in (fact_text(display_path(p, project_dir), 300) for p in printed_files(commands))
    ]
    events.append(SessionEvent(OK, "passed", f"cmd:{key}", fact_text(command_line, 160), at))
    return events


def _patch_events(
    patch: str, failure: str | None, project_dir: str, at: float
) -> list[SessionEvent]:
    files = [
        (_PATCH_ACTIONS[m.group(1)], fact_text(display_path(m.group(2).strip(), project_dir), 300))
        for m in _PATCH_FILE.finditer(patch[:200_000])
    ]
    if failure is not None:
        return [_error(f"file:{p}", f"apply_patch {p}", failure, at) for _, p in files[:1]]
    return [SessionEvent(FILE, action, path, path, at) for action, path in files[:10]]


def _error(key: str, what: str, failure: str, at: float) -> SessionEvent:
    why = fact_text(error_line(failure), ERROR_CHARS)
    return SessionEvent(ERROR, FAILED, key, f"{what}: {why}" if why else what, at)


def _task_list(arguments: Mapping[str, Any], at: float) -> list[SessionEvent]:
    items = next(
        (
            arguments[key]
            for key in ("todos", "plan", "todoList", "items")
            if isinstance(arguments.get(key), list)
        ),
        None,
    )
    if items is None:
        return []
    lines: list[str] = []
    for item in items[:MAX_TASKS]:
        if not isinstance(item, Mapping):
            continue
        what = next(
            (
                item[k]
                for k in ("content", "step", "description", "title", "subject", "text")
                if isinstance(item.get(k), str) and item[k].strip()
            ),
            "",
        )
        if what:
            status = _status(item.get("status") or item.get("state"))
            lines.append(f"{status}\t{fact_text(what, TASK_CHARS)}")
    return [SessionEvent(TASK, "list", "list", "\n".join(lines), at)]


def _one_task(
    name: str, arguments: Mapping[str, Any], response: Any, at: float
) -> list[SessionEvent]:
    subject = _text(arguments, "subject") or _text(arguments, "title")
    identity = _text(arguments, "taskId") or _text(arguments, "id")
    if not identity and isinstance(response, Mapping):
        task = response.get("task")
        found = task.get("id") if isinstance(task, Mapping) else response.get("id")
        identity = str(found) if isinstance(found, str | int) else ""
    if not identity and not subject:
        return []
    status = "pending" if name == "TaskCreate" else _status(arguments.get("status"))
    subject = fact_text(subject, TASK_CHARS)
    key = f"task {fact_text(identity, 40) or subject.lower()}"
    return [SessionEvent(TASK, status, key, subject, at)]


def _status(value: Any) -> str:
    if not isinstance(value, str):
        return "pending"
    return _STATUS.get(value.strip().lower().replace(" ", "_"), clip(value.strip(), 20))


def _paths(arguments: Mapping[str, Any]) -> list[str]:
    found = [arguments[k] for k in _PATH_KEYS if isinstance(arguments.get(k), str)]
    for key, inner in (("files", "path"), ("edits", "file_path")):
        listed = arguments.get(key)
        if isinstance(listed, list) and (key == "files" or not found):
            for item in listed[:20]:
                value = item.get(inner) if isinstance(item, Mapping) else item
                if isinstance(value, str):
                    found.append(value)
    return [p for p in dict.fromkeys(found) if p.strip()]


def _command_text(arguments: Mapping[str, Any]) -> str:
    command = arguments.get("command")
    if isinstance(command, str):
        return command  # most hosts: routing's reader (and what it imports) is not needed
    from domain.hooks.routing import shell_command_text

    return shell_command_text(arguments)


def _text(arguments: Mapping[str, Any], key: str) -> str:
    value = arguments.get(key)
    return value if isinstance(value, str) else ""
