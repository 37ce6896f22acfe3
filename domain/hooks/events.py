"""The hook events capy handles and the names hosts give them."""

from __future__ import annotations

import enum


class HookEvent(enum.Enum):
    PRE_TOOL_USE = "pretooluse"
    POST_TOOL_USE = "posttooluse"
    PRE_COMPACT = "precompact"
    SESSION_START = "sessionstart"
    SESSION_END = "sessionend"
    USER_PROMPT_SUBMIT = "userpromptsubmit"


# Host spellings, compared after lower-casing and dropping "_" and "-": Claude Code and Codex
# (PreToolUse), Cursor and Copilot CLI (preToolUse, beforeShellExecution), Gemini CLI (BeforeTool).
_ALIASES = {
    "pretooluse": HookEvent.PRE_TOOL_USE,
    "beforetool": HookEvent.PRE_TOOL_USE,
    "beforeshellexecution": HookEvent.PRE_TOOL_USE,
    "beforemcpexecution": HookEvent.PRE_TOOL_USE,
    "beforereadfile": HookEvent.PRE_TOOL_USE,
    "posttooluse": HookEvent.POST_TOOL_USE,
    "posttoolusefailure": HookEvent.POST_TOOL_USE,
    "aftertool": HookEvent.POST_TOOL_USE,
    "aftershellexecution": HookEvent.POST_TOOL_USE,
    "afterfileedit": HookEvent.POST_TOOL_USE,
    "aftermcpexecution": HookEvent.POST_TOOL_USE,
    "precompact": HookEvent.PRE_COMPACT,
    "precompress": HookEvent.PRE_COMPACT,
    "sessionstart": HookEvent.SESSION_START,
    "sessionend": HookEvent.SESSION_END,
    "userpromptsubmit": HookEvent.USER_PROMPT_SUBMIT,
    "userpromptsubmitted": HookEvent.USER_PROMPT_SUBMIT,
    "beforesubmitprompt": HookEvent.USER_PROMPT_SUBMIT,
    "beforeagent": HookEvent.USER_PROMPT_SUBMIT,
}


def event_from_name(name: str) -> HookEvent | None:
    """The event a host or a command line names, or None when capy does not handle it."""
    return _ALIASES.get(name.replace("_", "").replace("-", "").lower())
