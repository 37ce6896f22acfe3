"""The tool registry: how each tool call of a session shows in its transcript, as data.

A later session searches for what an agent *did*: the command it ran, the file it edited, the
task it handed a subagent, the plan it proposed. So every tool call leaves a trace:

- ``PROMOTE``: the call's text is part of what the assistant said (a PAL consultation's prompt,
  a proposed plan) and joins the assistant's text;
- ``ENRICH``: one note line ``[Tool: what]`` under the turn (a Bash command, a file path, a
  search pattern, a subagent's task);
- ``SKIP``: plumbing with nothing to find later (polling a background shell).

Tools the registry does not know still leave ``[name]`` plus their most telling argument, so
an MCP tool or a host's new tool is never silently dropped.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from enum import StrEnum

import attrs

NOTE_CHARS = 1000  # a command or argument shown in a note
PROMPT_CHARS = 768  # a subagent task or PAL prompt
PLAN_CHARS = 4000  # a proposed plan


class ToolAction(StrEnum):
    PROMOTE = "promote"
    ENRICH = "enrich"
    SKIP = "skip"


@attrs.frozen
class ToolRule:
    """How calls of the tools ``names`` show.

    ``fields``: input keys tried in order; the first with a value is what the note shows.
    ``style`` picks a renderer for tools whose input needs more than one field.
    """

    names: frozenset[str]
    action: ToolAction
    fields: tuple[str, ...] = ()
    style: str = "field"


@attrs.frozen
class ToolTrace:
    """What one tool call leaves in a turn: assistant text (promoted), a note, or nothing.

    ``name`` is the tool's display name (MCP prefixes stripped); ``pal`` names a PAL
    consultation's sub-tool.
    """

    name: str
    text: str = ""
    note: str = ""
    pal: str = ""


PAL_TOOLS = frozenset(
    f"mcp__pal__{t}"
    for t in (
        "chat", "thinkdeep", "codereview", "consensus", "analyze", "debug", "planner",
        "challenge", "secaudit", "refactor",
    )
)  # fmt: skip

REGISTRY: tuple[ToolRule, ...] = (
    ToolRule(PAL_TOOLS, ToolAction.PROMOTE, style="pal"),
    ToolRule(frozenset({"ExitPlanMode"}), ToolAction.PROMOTE, ("plan",), style="plan"),
    ToolRule(frozenset({"Bash", "PowerShell"}), ToolAction.ENRICH, style="command"),
    ToolRule(frozenset({"Agent", "Task"}), ToolAction.ENRICH, style="agent"),
    ToolRule(
        frozenset({"Read", "Write", "Edit", "MultiEdit", "NotebookEdit", "NotebookRead"}),
        ToolAction.ENRICH,
        ("file_path", "notebook_path", "path"),
    ),
    ToolRule(frozenset({"Grep", "Glob"}), ToolAction.ENRICH, ("pattern",)),
    ToolRule(frozenset({"WebFetch"}), ToolAction.ENRICH, ("url",)),
    ToolRule(frozenset({"WebSearch", "web_search"}), ToolAction.ENRICH, ("query",)),
    ToolRule(frozenset({"TodoWrite"}), ToolAction.ENRICH, style="todos"),
    ToolRule(frozenset({"Skill", "SlashCommand"}), ToolAction.ENRICH, ("skill", "command")),
    ToolRule(
        frozenset({"shell", "local_shell", "exec_command"}), ToolAction.ENRICH, style="command"
    ),
    ToolRule(frozenset({"apply_patch"}), ToolAction.ENRICH, style="patch"),
    ToolRule(frozenset({"update_plan"}), ToolAction.ENRICH, style="plan_steps"),
    ToolRule(frozenset({"view_image"}), ToolAction.ENRICH, ("path",)),
    ToolRule(
        frozenset({"BashOutput", "KillShell", "KillBash", "write_stdin", "ListMcpResourcesTool"}),
        ToolAction.SKIP,
    ),
)
_BY_NAME: Mapping[str, ToolRule] = {name: rule for rule in REGISTRY for name in rule.names}
# What an unknown tool's note shows: its first argument among these.
FALLBACK_FIELDS = (
    "command", "cmd", "query", "queries", "url", "file_path", "path", "pattern", "source",
    "prompt", "description", "title", "name", "language",
)  # fmt: skip
_SHELL_WRAPPERS = (("bash", "-lc"), ("bash", "-c"), ("sh", "-c"), ("zsh", "-lc"), ("zsh", "-c"))
_PATCH_FILE = re.compile(r"^\*\*\* (?:Add|Update|Delete) File: (.+)$", re.MULTILINE)


def rule_for(name: str) -> ToolRule | None:
    return _BY_NAME.get(name)


def display_name(name: str) -> str:
    """``mcp__capy__capy_search`` → ``capy_search``; other names as they are."""
    if name.startswith("mcp__"):
        return name.split("__", 2)[-1] or name
    return name


def cut(text: str, limit: int) -> str:
    """``text`` up to ``limit`` characters, saying how long it was when cut."""
    text = text.strip()
    if len(text) <= limit:
        return text
    return f"{text[:limit].rstrip()}\n... (truncated, {len(text)} chars total)"


def _one_line(text: str, limit: int) -> str:
    text = text.strip()
    return text if len(text) <= limit else f"{text[:limit].rstrip()}… ({len(text)} chars)"


def _string(value: object) -> str:
    if isinstance(value, str):
        return value
    if isinstance(value, int | float) and not isinstance(value, bool):
        return str(value)
    if isinstance(value, Sequence) and value and all(isinstance(v, str) for v in value):
        return ", ".join(str(v) for v in value)
    return ""


def _first(tool_input: Mapping[str, object], fields: Sequence[str]) -> str:
    for key in fields:
        value = _string(tool_input.get(key)).strip()
        if value:
            return value
    return ""


def _command(tool_input: Mapping[str, object]) -> str:
    value = tool_input.get("command", tool_input.get("cmd"))
    if isinstance(value, list) and all(isinstance(v, str) for v in value):
        words = [str(v) for v in value]
        for wrapper in _SHELL_WRAPPERS:
            if tuple(words[: len(wrapper)]) == wrapper and len(words) == len(wrapper) + 1:
                return words[-1]
        return " ".join(words)
    return _string(value)


def _with_description(what: str, description: str) -> str:
    return f'{what} — "{description}"' if description else what


def _note(shown: str, what: str) -> ToolTrace:
    what = _one_line(what, NOTE_CHARS)
    return ToolTrace(shown, note=f"[{shown}: {what}]" if what else f"[{shown}]")


def _listed(value: object, key: str) -> str:
    items = value if isinstance(value, list) else []
    texts = (_string(item.get(key)).strip() for item in items if isinstance(item, Mapping))
    return "; ".join(text for text in texts if text)


def _pal(name: str, shown: str, tool_input: Mapping[str, object]) -> ToolTrace:
    sub = name.removeprefix("mcp__pal__")
    prompt = _string(tool_input.get("prompt")).strip()
    text = f"--- PAL: {sub} ---\n{cut(prompt, PROMPT_CHARS)}\n--- End PAL ---" if prompt else ""
    return ToolTrace(shown, text=text, pal=sub)


def _plan(name: str, shown: str, tool_input: Mapping[str, object]) -> ToolTrace:
    plan = _string(tool_input.get("plan")).strip()
    text = f"--- Plan ---\n{cut(plan, PLAN_CHARS)}\n--- End plan ---" if plan else ""
    return ToolTrace(shown, text=text)


def _shell(name: str, shown: str, tool_input: Mapping[str, object]) -> ToolTrace:
    command = _one_line(_command(tool_input), NOTE_CHARS)
    description = _string(tool_input.get("description")).strip()
    return ToolTrace(shown, note=f"[{shown}: {_with_description(command, description)}]")


def _agent(name: str, shown: str, tool_input: Mapping[str, object]) -> ToolTrace:
    kind = _string(tool_input.get("subagent_type")).strip() or "Agent"
    description = _string(tool_input.get("description")).strip() or "subagent task"
    head = f'[{shown}: {kind} — "{description}"]'
    prompt = _string(tool_input.get("prompt")).strip()
    return ToolTrace(shown, note=f"{head}\n{cut(prompt, PROMPT_CHARS)}" if prompt else head)


def _todos(name: str, shown: str, tool_input: Mapping[str, object]) -> ToolTrace:
    return _note(shown, _listed(tool_input.get("todos"), "content"))


def _patch(name: str, shown: str, tool_input: Mapping[str, object]) -> ToolTrace:
    files = _PATCH_FILE.findall(_string(tool_input.get("input")))
    return _note(shown, ", ".join(f.strip() for f in files))


def _plan_steps(name: str, shown: str, tool_input: Mapping[str, object]) -> ToolTrace:
    return _note(shown, _listed(tool_input.get("plan"), "step"))


_RENDERERS = {
    "pal": _pal,
    "plan": _plan,
    "command": _shell,
    "agent": _agent,
    "todos": _todos,
    "patch": _patch,
    "plan_steps": _plan_steps,
}


def trace(name: str, tool_input: Mapping[str, object]) -> ToolTrace | None:
    """What a call of ``name`` with ``tool_input`` leaves in the transcript (None: nothing)."""
    rule = rule_for(name)
    shown = display_name(name)
    if rule is None:
        return _note(shown, _first(tool_input, FALLBACK_FIELDS))
    if rule.action is ToolAction.SKIP:
        return None
    render = _RENDERERS.get(rule.style)
    if render is not None:
        return render(name, shown, tool_input)
    return _note(shown, _first(tool_input, rule.fields))
