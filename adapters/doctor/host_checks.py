"""Checks of how the hosts are wired to capy: hooks and MCP server registrations."""

from __future__ import annotations

import json
import os
import re
import shutil
import tomllib
from pathlib import Path
from typing import Any

from application.ports.health_check import HealthCheck
from domain.doctor.check import CheckResult, failed, passed, warned
from domain.doctor.hooks import judge_claude_hooks, judge_codex_hooks

_CLAUDE_SETTINGS = (".claude/settings.json", ".claude/settings.local.json")
_VARIABLE = re.compile(r"\$\{(\w+)(?::-([^}]*))?\}")


def _json_file(path: Path) -> tuple[dict[str, Any] | None, str]:
    """(document, error); (None, "") when absent."""
    try:
        value = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return None, ""
    except (OSError, ValueError) as error:
        return None, f"{path} cannot be parsed ({error})"
    return (value, "") if isinstance(value, dict) else (None, f"{path} is not a JSON object")


def _capy_events(document: dict[str, Any]) -> set[str]:
    events: set[str] = set()
    hooks = document.get("hooks")
    if not isinstance(hooks, dict):
        return events
    for event, groups in hooks.items():
        for group in groups if isinstance(groups, list) else []:
            handlers = group.get("hooks") if isinstance(group, dict) else None
            for handler in handlers if isinstance(handlers, list) else []:
                command = handler.get("command") if isinstance(handler, dict) else None
                if isinstance(command, str) and re.search(r"capy(\.sh)?\"?\s+hook\s", command):
                    events.add(event)
    return events


class ClaudeHooksCheck(HealthCheck):
    name = "Hooks (Claude Code)"

    def __init__(self, root: Path, home: Path) -> None:
        self._root = root
        self._files = [root / name for name in _CLAUDE_SETTINGS]
        self._files.append(home / ".claude" / "settings.json")

    def run(self) -> CheckResult:
        found: set[str] = set()
        where: list[str] = []
        for path in self._files:
            document, error = _json_file(path)
            if error:
                return failed(self.name, error, "fix the JSON, then run `capy setup` again")
            events = _capy_events(document or {})
            if events:
                found |= events
                where.append(str(path))
        if not found and self._codex_only():
            return passed(self.name, "Claude Code is not set up in this project (Codex is)")
        return judge_claude_hooks(frozenset(found), tuple(where))

    def _codex_only(self) -> bool:
        """capy wired to Codex here (`capy setup --platform codex`) and not to Claude Code."""
        document, _ = _json_file(self._root / ".mcp.json")
        servers = (document or {}).get("mcpServers")
        if isinstance(servers, dict) and "capy" in servers:
            return False
        try:
            config = tomllib.loads((self._root / ".codex" / "config.toml").read_text("utf-8"))
        except (OSError, tomllib.TOMLDecodeError):
            return False
        servers = config.get("mcp_servers")
        return isinstance(servers, dict) and "capy" in servers


class McpRegistrationCheck(HealthCheck):
    """capy's server in ``.mcp.json`` (Claude Code) and ``.codex/config.toml`` (Codex)."""

    name = "MCP registration"

    def __init__(self, root: Path, env: dict[str, str]) -> None:
        self._root = root
        self._env = env

    def run(self) -> CheckResult:
        registered: list[str] = []
        problems: list[str] = []
        document, error = _json_file(self._root / ".mcp.json")
        if error:
            return failed(self.name, error, "fix the JSON, then run `capy setup` again")
        servers = (document or {}).get("mcpServers")
        entry = servers.get("capy") if isinstance(servers, dict) else None
        if isinstance(entry, dict):
            registered.append(".mcp.json")
            problems += self._runnable(".mcp.json", entry.get("command"))
        codex = self._root / ".codex" / "config.toml"
        if codex.exists():
            try:
                table = tomllib.loads(codex.read_text(encoding="utf-8")).get("mcp_servers", {})
            except (OSError, tomllib.TOMLDecodeError) as error:
                return failed(self.name, f"{codex} cannot be parsed ({error})", "fix the TOML")
            if isinstance(table.get("capy"), dict):
                registered.append(".codex/config.toml")
                problems += self._runnable(".codex/config.toml", table["capy"].get("command"))
        if not registered:
            return failed(self.name, "capy is not registered as an MCP server", "run `capy setup`")
        detail = "registered in " + ", ".join(registered)
        if problems:
            return warned(self.name, f"{detail}; " + "; ".join(problems), "run `capy setup` again")
        return passed(self.name, detail)

    def _runnable(self, where: str, command: object) -> list[str]:
        if not isinstance(command, str) or not command:
            return [f"{where} has no command for capy"]
        expanded = _VARIABLE.sub(lambda m: self._env.get(m.group(1)) or m.group(2) or "", command)
        path = Path(expanded)
        if not path.is_absolute() and "/" in expanded:
            path = self._root / path
        found = path if "/" in expanded else shutil.which(expanded)
        if found is None or not os.access(found, os.X_OK):
            return [f"{where} runs {command!r}, which is not an executable here"]
        return []


class CodexHooksCheck(HealthCheck):
    """capy's hooks in ``.codex/hooks.json`` (every event setup registers) when Codex is
    wired to capy here."""

    name = "Hooks (Codex)"

    def __init__(self, root: Path) -> None:
        self._root = root

    def run(self) -> CheckResult:
        config = self._root / ".codex" / "config.toml"
        try:
            servers = tomllib.loads(config.read_text(encoding="utf-8")).get("mcp_servers", {})
        except FileNotFoundError:
            return passed(self.name, "Codex is not set up in this project")
        except (OSError, tomllib.TOMLDecodeError) as error:
            return failed(self.name, f"{config} cannot be parsed ({error})", "fix the TOML")
        if not isinstance(servers, dict) or "capy" not in servers:
            return passed(self.name, "Codex does not use capy in this project")
        document, problem = _json_file(self._root / ".codex" / "hooks.json")
        if problem:
            return failed(self.name, problem, "fix the JSON, then run `capy setup` again")
        return judge_codex_hooks(frozenset(_capy_events(document or {})))
