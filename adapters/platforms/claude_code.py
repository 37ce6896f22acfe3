"""Claude Code: the reference dialect; every decision kind is honoured."""

from __future__ import annotations

from adapters.platforms.claude_shaped import ClaudeShapedHookPlatform


class ClaudeCodeHookPlatform(ClaudeShapedHookPlatform):
    name = "claude-code"
