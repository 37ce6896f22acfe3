"""Which host sent a hook input, when the command line did not say (``--platform``)."""

from __future__ import annotations

from collections.abc import Mapping

TYPE_CHECKING = False  # typing is not imported at run time (ADR 0102)
if TYPE_CHECKING:
    from typing import Any

PLATFORM_NAMES = ("claude-code", "codex", "gemini-cli", "cursor", "vscode-copilot")
_SPELLINGS = {
    "claude": "claude-code",
    "claudecode": "claude-code",
    "codex": "codex",
    "gemini": "gemini-cli",
    "geminicli": "gemini-cli",
    "cursor": "cursor",
    "vscode": "vscode-copilot",
    "copilot": "vscode-copilot",
    "vscodecopilot": "vscode-copilot",
}
_GEMINI_EVENTS = frozenset({"BeforeTool", "AfterTool", "PreCompress", "BeforeAgent", "AfterAgent"})
_CURSOR_KEYS = ("conversation_id", "workspace_roots", "generation_id", "cursor_version")


def platform_name(spelling: str) -> str | None:
    """The platform a ``--platform`` value names (``gemini``, ``gemini-cli``, …), or None."""
    return _SPELLINGS.get(spelling.replace("-", "").replace("_", "").lower())


def detect_platform(payload: Mapping[str, Any]) -> str:
    """Tell the hosts apart by their field names and event spellings.

    VS Code writes ``sessionId``/``hookEventName`` in camelCase; Cursor sends
    ``conversation_id``/``workspace_roots``; Gemini names its events ``BeforeTool``…; Codex adds
    ``turn_id`` to tool events. Anything else speaks Claude Code's dialect.
    """
    if "hookEventName" in payload or "sessionId" in payload:
        return "vscode-copilot"
    if any(key in payload for key in _CURSOR_KEYS):
        return "cursor"
    if payload.get("hook_event_name") in _GEMINI_EVENTS:
        return "gemini-cli"
    if "turn_id" in payload:
        return "codex"
    return "claude-code"
