"""PolicySource reading Claude Code's settings files.

Precedence: ``<project>/.claude/settings.local.json``, ``<project>/.claude/settings.json``,
``~/.claude/settings.json``. Files are re-read only when their size or mtime change, so a rule
the user adds takes effect on the next tool call without restarting the server. A rule removed
from a file stays in force until the server restarts (``domain.permissions.ratchet``): sandboxed
code can rewrite the file, and the server says so on stderr once per rule. Only regular files
are read, up to ``MAX_SETTINGS_BYTES``; anything else at those paths stops execution until fixed.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from adapters.claude_settings_rules import broken_settings, policy_from_settings
from application.ports.policy_source import PolicySource
from application.use_cases.regular_file import UnreadableFile, read_regular_text
from domain.errors import PolicyError
from domain.permissions.ratchet import tighten
from domain.permissions.rules import PermissionPolicy, PermissionRule, merge_policies

MAX_SETTINGS_BYTES = 4 * 1024 * 1024
_Stamp = tuple[int, int, int, int] | None


def _stderr(message: str) -> None:
    try:
        print(message, file=sys.stderr, flush=True)
    except (OSError, ValueError):  # stderr closed by the client: nothing to tell
        pass


class ClaudeSettingsPolicySource(PolicySource):
    def __init__(
        self,
        project_root: Path,
        home: Path | None = None,
        warn: Callable[[str], None] = _stderr,
    ) -> None:
        self._project_root = project_root
        self._home = home
        self._warn = warn
        self._cache: dict[Path, tuple[_Stamp, PermissionPolicy]] = {}
        self._in_force: PermissionPolicy | None = None
        self._warned: set[tuple[object, ...]] = set()

    def files(self) -> tuple[Path, ...]:
        home = self._home if self._home is not None else Path.home()
        claude = self._project_root / ".claude"
        return (
            claude / "settings.local.json",
            claude / "settings.json",
            home / ".claude" / "settings.json",
        )

    def load(self) -> PermissionPolicy:
        loaded = merge_policies(*(self._load_file(path) for path in self.files()))
        policy, kept = tighten(self._in_force, loaded)
        self._in_force = policy
        fresh = [r for r in kept if (r.kind, r.tool, r.specifier) not in self._warned]
        if fresh:
            self._warned.update((r.kind, r.tool, r.specifier) for r in fresh)
            self._warn(_still_in_force(fresh))
        return policy

    def _load_file(self, path: Path) -> PermissionPolicy:
        try:
            info = path.stat()
        except FileNotFoundError:
            return PermissionPolicy()
        except OSError as err:
            raise _broken(path, f"cannot inspect it ({err.strerror or err})") from err
        stamp: _Stamp = (info.st_mtime_ns, info.st_size, info.st_ino, info.st_mode)
        cached = self._cache.get(path)
        if cached is not None and cached[0] == stamp:
            return cached[1]
        policy = self._parse(path)
        self._cache[path] = (stamp, policy)
        return policy

    def _parse(self, path: Path) -> PermissionPolicy:
        try:
            text = read_regular_text(str(path), MAX_SETTINGS_BYTES)
        except UnreadableFile as err:
            raise _broken(path, err.reason) from err
        except OSError as err:
            raise _broken(path, f"cannot read it ({err.strerror or err})") from err
        if text is None or not text.strip():
            return PermissionPolicy()
        try:
            data: Any = json.loads(text)
        except json.JSONDecodeError as err:
            raise _broken(path, f"it is not valid JSON (line {err.lineno}: {err.msg})") from err
        return policy_from_settings(data, str(path), self._home_text)

    def _home_text(self) -> str:
        return str(self._home if self._home is not None else Path.home())


def _still_in_force(rules: list[PermissionRule]) -> str:
    listed = ", ".join(f"{r.kind.value} {r.text}" for r in rules)
    origins = sorted({r.origin for r in rules if r.origin})
    where = f" from {', '.join(origins)}" if origins else ""
    return (
        f"capy: the permission rules changed while capy runs: {listed}{where} were removed. "
        "They stay in force until capy restarts — rules may only get stricter while it runs; "
        "restart the MCP server to apply the looser rules."
    )


def _broken(path: Path, why: str) -> PolicyError:
    return broken_settings(str(path), why)
