"""Host tool names mapped to the canonical names routing knows (``Bash``, ``Read``, …)."""

from __future__ import annotations

from collections.abc import Mapping

GEMINI_CLI = {
    "run_shell_command": "Bash",
    "read_file": "Read",
    "read_many_files": "Read",
    "grep_search": "Grep",
    "search_file_content": "Grep",
    "web_fetch": "WebFetch",
}
CODEX = {
    "shell": "Bash",
    "shell_command": "Bash",
    "exec_command": "Bash",
    "container.exec": "Bash",
    "local_shell": "Bash",
    "grep_files": "Grep",
}
CURSOR = {"Shell": "Bash", "mcp_web_fetch": "WebFetch", "mcp_fetch_tool": "WebFetch"}
VSCODE_COPILOT = {
    "run_in_terminal": "Bash",
    "read_file": "Read",
    "grep_search": "Grep",
    "fetch_webpage": "WebFetch",
}
OPENCODE = {"bash": "Bash", "view": "Read", "grep": "Grep", "fetch": "WebFetch", "agent": "Agent"}
KIRO = {"fs_read": "Read", "execute_bash": "Bash"}

# Applied after the platform's own table: a host detected wrongly (Codex speaks Claude's
# dialect) still gets its tools recognised.
EVERY_PLATFORM: Mapping[str, str] = {
    **OPENCODE,
    **KIRO,
    **CURSOR,
    **CODEX,
    **GEMINI_CLI,
    **VSCODE_COPILOT,
}


def canonical_tool_name(name: str, own: Mapping[str, str]) -> str:
    return own.get(name) or EVERY_PLATFORM.get(name) or name
