"""VS Code Copilot agent hooks: Claude's output shape, camelCase ``sessionId``/``hookEventName``.

VS Code ignores an ``updatedInput`` that does not match the tool's schema; capy only replaces
the field it rewrites and keeps every other one, so the schema still matches.
"""

from __future__ import annotations

from adapters.platforms.aliases import VSCODE_COPILOT
from adapters.platforms.claude_shaped import ClaudeShapedHookPlatform


class VsCodeCopilotHookPlatform(ClaudeShapedHookPlatform):
    name = "vscode-copilot"
    instruction_files = (".github/copilot-instructions.md", "AGENTS.md")
    aliases = VSCODE_COPILOT
    project_env = "CLAUDE_PROJECT_DIR"
    session_env = ()
