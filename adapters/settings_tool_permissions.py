"""ToolPermissions from Claude Code's settings files, cheap when there is nothing to enforce.

A hook process lives for one tool call (ADR 0020). Allow rules never make the hook say
anything, so the settings files are read with ``json`` alone, and only for calls rules can
speak to (Bash and capy's code-running tools); only when a file holds a deny or ask rule for
such a tool (``Bash``, or ``Read`` for ``capy_execute_file``) is the permission engine imported,
and the rules are built from the JSON already read (no pathlib, no second read). Rules are the
same as the server's ``ClaudeSettingsPolicySource`` reads (``claude_settings_rules``); a broken
settings file means no opinion here — the server refuses to run code until it is fixed.
"""

# On the hook path: importing pathlib (and urllib.parse with it) costs ~4 ms per tool call.
# ruff: noqa: PTH109, PTH111, PTH118

from __future__ import annotations

import os
from collections.abc import Mapping

from adapters.quick_json import loads
from application.ports.tool_permissions import ToolPermissions
from application.use_cases.regular_file import UnreadableFile, read_regular_text
from domain.hooks.decision import Ask, Deny
from domain.hooks.routing import capy_tool_name, shell_command_text
from domain.hooks.tool_call import ToolCall

TYPE_CHECKING = False  # typing is not imported at run time (ADR 0102)
if TYPE_CHECKING:
    from typing import Any

    from domain.permissions.path_rules import ReadTarget
    from domain.permissions.rules import PermissionPolicy

_SETTINGS = (".claude/settings.local.json", ".claude/settings.json")
MAX_SETTINGS_BYTES = 4 * 1024 * 1024  # as the server reads them


def _plain_and_unruled(policy: PermissionPolicy, tool: ToolCall) -> bool:
    from domain.permissions.plain_commands import no_rule_meets

    return no_rule_meets(policy, shell_command_text(tool.arguments))


class _Broken(Exception):
    """A settings file exists but cannot be read or decoded."""


class ClaudeSettingsToolPermissions(ToolPermissions):
    def __init__(self, project_root: str, home: str = "") -> None:
        self._root = project_root or os.getcwd()
        self._home = home or os.path.expanduser("~")

    def files(self) -> tuple[str, ...]:
        own = tuple(os.path.join(self._root, name) for name in _SETTINGS)
        return (*own, os.path.join(self._home, ".claude", "settings.json"))

    def check(self, tool: ToolCall) -> Deny | Ask | None:
        try:
            kinds = _rule_tools(tool)
            if not kinds:
                return None
            settings = self._read()
            if not any(_restricts(data, kinds) for _, data in settings):
                return None
            from adapters.claude_settings_rules import policy_from_settings
            from domain.permissions.rules import merge_policies

            policy = merge_policies(
                *(policy_from_settings(data, path, lambda: self._home) for path, data in settings)
            )
        except Exception:
            return None  # rules that cannot be read: no opinion here, the server refuses
        try:
            if tool.name == "Bash" and _plain_and_unruled(policy, tool):
                return None  # what the full check would say, without the shell reader
            from domain.hooks.permission_check import check_permissions

            return check_permissions(policy, tool, lambda path: self._read_target(policy, path))
        except Exception as error:  # the hook's deadline, or a failure of the check itself
            from domain.hooks.permission_check import unchecked_call

            return unchecked_call(policy, tool, _why(error))

    def _read_target(self, policy: PermissionPolicy, path: str) -> ReadTarget:
        """The file a ``capy_execute_file`` call reads, with its other names; looked up (and
        its modules imported) only for such a call, never for Bash."""
        from application.use_cases.read_target import read_search, resolve_read_target

        return resolve_read_target(path, self._root, read_search(policy, self._root))

    def _read(self) -> list[tuple[str, Any]]:
        """``(path, decoded JSON)`` of each settings file that exists; ``_Broken`` if unusable."""
        found: list[tuple[str, Any]] = []
        for path in self.files():
            try:
                text = read_regular_text(path, MAX_SETTINGS_BYTES)
            except (OSError, UnreadableFile) as err:
                raise _Broken(path) from err
            if text is None:
                continue
            if not text.strip():
                continue  # an empty file holds no rules
            try:
                found.append((path, loads(text)))
            except ValueError as err:
                raise _Broken(path) from err
        return found


def _rule_tools(tool: ToolCall) -> frozenset[str]:
    """The rule tools (``Bash``, ``Read``) that can speak to this call; empty for the rest."""
    if tool.name == "Bash":
        return frozenset({"Bash"})
    capy_tool = capy_tool_name(tool.name)
    if capy_tool in {"capy_execute", "capy_batch_execute"}:
        return frozenset({"Bash"})
    if capy_tool == "capy_execute_file":
        return frozenset({"Bash", "Read"})
    return frozenset()


def _restricts(data: object, kinds: frozenset[str]) -> bool:
    """Whether decoded settings hold a deny or ask rule about one of ``kinds``."""
    if not isinstance(data, dict):
        return True  # malformed: let the full reading judge it
    permissions = data.get("permissions")
    if not isinstance(permissions, Mapping):
        return permissions is not None  # malformed ``permissions``: same
    for verdict in ("deny", "ask"):
        rules = permissions.get(verdict)
        if isinstance(rules, list) and any(_names(rule, kinds) for rule in rules):
            return True
    return False


def _names(rule: object, kinds: frozenset[str]) -> bool:
    """Whether a rule text such as ``Bash(sudo *)`` is about one of ``kinds``."""
    if not isinstance(rule, str):
        return True  # odd entries: let the real source decide
    return rule.strip().split("(", 1)[0].strip() in kinds


def _why(error: Exception) -> str:
    reason = getattr(error, "reason", "")
    if reason:
        return f"capy could not check all of it: {reason}"
    return f"capy could not check this call ({type(error).__name__})"
