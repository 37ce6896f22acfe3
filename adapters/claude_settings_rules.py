"""The ``permissions`` object of one Claude Code settings file, as a ``PermissionPolicy``.

Shared by ``ClaudeSettingsPolicySource`` (the server: reads files, caches, fails closed) and
``ClaudeSettingsToolPermissions`` (the hook: one read per tool call). No pathlib here: the
hook imports this module, and pathlib costs it ~4 ms per tool call (ADR 0020).
"""

from __future__ import annotations

from collections.abc import Callable

from domain.errors import PolicyError
from domain.permissions.rules import PermissionPolicy, policy_from_lists


def policy_from_settings(data: object, origin: str, home: Callable[[], str]) -> PermissionPolicy:
    """The rules of one decoded settings file; ``PolicyError`` naming ``origin`` if malformed.

    ``Read(~/…)`` rules are expanded to the absolute ``//…`` form against ``home()``, asked only
    when such a rule exists.
    """
    if not isinstance(data, dict):
        raise broken_settings(origin, "its top level is not a JSON object")
    permissions = data.get("permissions", {})
    if permissions is None:
        return PermissionPolicy()
    if not isinstance(permissions, dict):
        raise broken_settings(origin, '"permissions" is not an object')
    lists: dict[str, tuple[str, ...]] = {}
    for kind in ("allow", "ask", "deny"):
        entries = permissions.get(kind, [])
        if entries is None:
            entries = []
        if not isinstance(entries, list):
            raise broken_settings(origin, f'"permissions.{kind}" is not a list')
        lists[kind] = tuple(_expand_home(e, home) for e in entries if isinstance(e, str))
    return policy_from_lists(
        allow=lists["allow"], ask=lists["ask"], deny=lists["deny"], origin=origin
    )


def _expand_home(entry: str, home: Callable[[], str]) -> str:
    stripped = entry.strip()
    if stripped.startswith("Read(~/") or stripped == "Read(~)":
        rest = stripped[len("Read(~") : -1] if stripped.endswith(")") else ""
        return f"Read(/{home()}{rest})"
    return entry


def broken_settings(origin: str, why: str) -> PolicyError:
    return PolicyError(
        f"capy cannot use the permission rules in {origin}: {why}",
        hint=(
            f'fix {origin} (valid JSON with a "permissions" object of allow/ask/deny lists) '
            "or move it away; capy refuses to run code until the rules can be read"
        ),
    )
