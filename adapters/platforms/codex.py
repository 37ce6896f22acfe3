"""Codex CLI: Claude's JSON shape, but on PreToolUse only a deny is enforced.

``allow``/``ask``/``updatedInput``/``additionalContext`` are parsed by Codex and then ignored,
so capy turns a blocking rewrite (curl → echo) and an ask rule into a deny and drops the rest.
"""

from __future__ import annotations

from adapters.platforms.aliases import CODEX
from adapters.platforms.claude_shaped import ClaudeShapedHookPlatform
from domain.hooks.decision import HostAbilities


class CodexHookPlatform(ClaudeShapedHookPlatform):
    name = "codex"
    abilities = HostAbilities(
        can_ask=False, can_modify=False, can_add_tool_context=False, can_add_session_context=True
    )
    instruction_files = ("AGENTS.md",)
    aliases = CODEX
    project_env = ""  # Codex sets no project variable: the input's cwd is walked up instead
    session_env = ("CODEX_THREAD_ID",)
