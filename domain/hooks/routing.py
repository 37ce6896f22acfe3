"""PreToolUse routing for the host's own tools: what capy says about Bash, WebFetch, Read, …

Permission rules are applied by the use case before this runs; here only capy's routing is
decided. A plain ``Advisory`` result means "nothing to block, but there is one-time advice".
"""

from __future__ import annotations

from collections.abc import Mapping

from domain.hooks.decision import NO_OPINION, Decision, ModifyInput
from domain.hooks.guidance import (
    CURL_BLOCKED,
    CURL_LOCAL_BLOCKED,
    INLINE_HTTP_BLOCKED,
    Advisory,
    echo_command,
)
from domain.hooks.inline_http import HTTP_WORDS, calls_http
from domain.hooks.tool_call import ToolCall
from domain.precompiled import precompiled
from domain.shell.limits import MAX_TEXT_CHARS

TYPE_CHECKING = False  # typing is not imported at run time (ADR 0102)
if TYPE_CHECKING:
    from typing import Any

_SHELL_FLAGS = frozenset({"-c", "-lc", "-ic", "-lic", "-cl"})
# Characters that the shell takes literally: no quoting, expansion, globbing, redirection,
# comment, grouping or control operator, so such a command line is exactly its words.
_PLAIN_WORDS = precompiled(r"[\w ./:=,+@%-]*")


def shell_command_text(arguments: Mapping[str, Any]) -> str:
    """The command line a shell tool runs: a string, or the script of ``["bash", "-lc", s]``."""
    command = arguments.get("command")
    if isinstance(command, str):
        return command
    if isinstance(command, list) and all(isinstance(part, str) for part in command):
        if len(command) >= 3 and command[-2] in _SHELL_FLAGS:
            return str(command[-1])
        return " ".join(command)
    return ""


def capy_tool_name(name: str) -> str | None:
    """``capy_execute`` for ``capy_execute``, ``mcp__capy__capy_execute`` and the like."""
    if name.startswith("mcp__"):
        parts = name.split("__")
        if len(parts) >= 3 and "capy" in parts[1].lower():
            tool = parts[-1]
            return tool if tool.startswith("capy_") else f"capy_{tool}"
        return None
    index = name.find("capy_")
    if index == 0 or (index > 0 and not name[index - 1].isalnum()):
        return name[index:]
    return None


def route_host_tool(tool: ToolCall) -> Decision | Advisory:
    """capy's routing for one tool call (permission rules already applied)."""
    name = tool.name
    capy_tool = capy_tool_name(name)
    if capy_tool is not None:
        if capy_tool == "capy_fetch_and_index":
            from domain.hooks.web_fetch import git_thread_denial

            return git_thread_denial(tool.text("url")) or NO_OPINION
        return NO_OPINION
    if name == "Bash":
        return _route_bash(tool)
    if name == "WebFetch":
        from domain.hooks.web_fetch import route_web_fetch

        return route_web_fetch(tool.text("url"))
    if name == "Read":
        return Advisory.READ
    if name == "Grep":
        return Advisory.GREP
    if name in {"Agent", "Task"}:
        from domain.hooks.subagent import brief_subagent

        return brief_subagent(tool.arguments)
    return NO_OPINION


def _route_bash(tool: ToolCall) -> Decision | Advisory:
    command = shell_command_text(tool.arguments)
    if not command or len(command) > MAX_TEXT_CHARS:
        return NO_OPINION  # past what capy reads: it says nothing about the command
    if _cannot_reach_http(command):
        return Advisory.BASH  # what the shell reader would find; it is not even loaded
    from domain.hooks.local_targets import targets_only_local
    from domain.hooks.shell_http import floods_terminal, runs_inline_http

    if floods_terminal(command):
        local = targets_only_local(command)
        return _rewrite_to_echo(tool, CURL_LOCAL_BLOCKED if local else CURL_BLOCKED)
    if runs_inline_http(command):
        return _rewrite_to_echo(tool, INLINE_HTTP_BLOCKED)
    return Advisory.BASH


def _cannot_reach_http(command: str) -> bool:
    """True when no reading of ``command`` can find a curl, a wget or an HTTP call in code.

    The shell reader only ever removes characters from the text (quotes, backslashes, line
    continuations), except where it fills in a variable the line assigns (``a=cu; ${a}rl``)
    or decodes ``$'\\x63'``; and routing looks for the names and calls as words. So a line
    without those two constructs, in which neither name nor any HTTP word appears once quotes
    and backslashes are gone, needs no reading (nor does a line of plain words: nothing to
    decode). Anything else is read in full.
    """
    if not command.isascii():
        return _plainly_without_http(command)
    if "$'" in command or '$"' in command:
        return False
    if "=" in command and command.count("$") != command.count("$("):
        return False  # a variable the line may assign: its value is filled in
    flat = command.replace("\\\n", "")
    for mark in ("\\", "'", '"'):
        flat = flat.replace(mark, "")
    flat = flat.lower()
    return not any(word in flat for word in _HTTP_NAMES)


_HTTP_NAMES = ("curl", "wget", *HTTP_WORDS)


def _plainly_without_http(command: str) -> bool:
    """A command line of plain words that names neither curl nor wget anywhere (not even in
    an option's value) and writes no HTTP call: the shell reader would find no download and no
    inline HTTP there."""
    if not _PLAIN_WORDS.fullmatch(command):
        return False
    lowered = command.lower()
    if "curl" in lowered or "wget" in lowered:
        return False
    return not calls_http(command)


def _rewrite_to_echo(tool: ToolCall, message: str) -> ModifyInput:
    updated = dict(tool.arguments)
    updated["command"] = echo_command(message)
    return ModifyInput(updated, message, replaces_denial=True)
