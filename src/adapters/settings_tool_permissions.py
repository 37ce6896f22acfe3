"""ToolPermissions from Claude Code's settings files, cheap when there is nothing to enforce.

A hook process lives for one tool call, and the permission engine (rules, evaluation, attrs)
costs about 20 ms to import. Allow rules never make the hook say anything, so the settings
files are first read with ``json`` alone; only when one holds a deny or ask rule for a tool the
call can reach (``Bash``, or ``Read`` for ``capy_execute_file``) is the engine loaded and the
full ``ClaudeSettingsPolicySource`` consulted.
"""

# On the hook path: importing pathlib (and urllib.parse with it) costs ~4 ms per tool call.
# ruff: noqa: PTH109, PTH111, PTH118, PTH123

from __future__ import annotations

import json
import os
from collections.abc import Mapping

from application.ports.tool_permissions import ToolPermissions
from domain.hooks.decision import Ask, Deny
from domain.hooks.tool_call import ToolCall

_SETTINGS = (".claude/settings.local.json", ".claude/settings.json")


class ClaudeSettingsToolPermissions(ToolPermissions):
    def __init__(self, project_root: str, home: str = "") -> None:
        self._root = project_root or os.getcwd()
        self._home = home or os.path.expanduser("~")

    def files(self) -> tuple[str, ...]:
        own = tuple(os.path.join(self._root, name) for name in _SETTINGS)
        return (*own, os.path.join(self._home, ".claude", "settings.json"))

    def check(self, tool: ToolCall) -> Deny | Ask | None:
        try:
            if not self._has_restrictions():
                return None
            from pathlib import Path

            from adapters.claude_settings_policy_source import ClaudeSettingsPolicySource
            from adapters.filesystem_read_targets import resolve_read_target
            from domain.hooks.permission_check import check_permissions

            policy = ClaudeSettingsPolicySource(Path(self._root), Path(self._home)).load()
            return check_permissions(
                policy, tool, lambda path: resolve_read_target(self._root, path)
            )
        except Exception:
            return None

    def _has_restrictions(self) -> bool:
        for path in self.files():
            try:
                with open(path, encoding="utf-8") as handle:
                    data = json.load(handle)
            except FileNotFoundError:
                continue
            except (OSError, ValueError):
                return True  # let the real source judge (and report) the broken file
            permissions = data.get("permissions") if isinstance(data, dict) else None
            if isinstance(permissions, Mapping) and any(
                isinstance(permissions.get(kind), list) and permissions[kind]
                for kind in ("deny", "ask")
            ):
                return True
        return False
