"""PolicySource reading Claude Code's settings files.

Precedence: ``<project>/.claude/settings.local.json``, ``<project>/.claude/settings.json``,
``~/.claude/settings.json``. Files are re-read only when their size or mtime changes, so a rule
the user adds takes effect on the next tool call without restarting the server.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from adapters.claude_settings_rules import broken_settings, policy_from_settings
from application.ports.policy_source import PolicySource
from domain.errors import PolicyError
from domain.permissions.rules import PermissionPolicy, merge_policies

_Stamp = tuple[int, int] | None


class ClaudeSettingsPolicySource(PolicySource):
    def __init__(self, project_root: Path, home: Path | None = None) -> None:
        self._project_root = project_root
        self._home = home
        self._cache: dict[Path, tuple[_Stamp, PermissionPolicy]] = {}

    def files(self) -> tuple[Path, ...]:
        home = self._home if self._home is not None else Path.home()
        claude = self._project_root / ".claude"
        return (
            claude / "settings.local.json",
            claude / "settings.json",
            home / ".claude" / "settings.json",
        )

    def load(self) -> PermissionPolicy:
        return merge_policies(*(self._load_file(path) for path in self.files()))

    def _load_file(self, path: Path) -> PermissionPolicy:
        try:
            info = path.stat()
        except FileNotFoundError:
            return PermissionPolicy()
        except OSError as err:
            raise _broken(path, f"cannot inspect it ({err.strerror or err})") from err
        stamp: _Stamp = (info.st_mtime_ns, info.st_size)
        cached = self._cache.get(path)
        if cached is not None and cached[0] == stamp:
            return cached[1]
        policy = self._parse(path)
        self._cache[path] = (stamp, policy)
        return policy

    def _parse(self, path: Path) -> PermissionPolicy:
        try:
            text = path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as err:
            raise _broken(path, f"cannot read it ({err})") from err
        if not text.strip():
            return PermissionPolicy()
        try:
            data: Any = json.loads(text)
        except json.JSONDecodeError as err:
            raise _broken(path, f"it is not valid JSON (line {err.lineno}: {err.msg})") from err
        return policy_from_settings(data, str(path), self._home_text)

    def _home_text(self) -> str:
        return str(self._home if self._home is not None else Path.home())


def _broken(path: Path, why: str) -> PolicyError:
    return broken_settings(str(path), why)
