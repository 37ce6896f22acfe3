"""Permission rules as written in Claude Code settings: ``Bash(git push:*)``, ``Read(.env)``.

The values of this package are plain ``__slots__`` classes (``Value``), not attrs: the engine
runs inside ``capy hook`` on every tool call when a deny rule exists, and importing attrs cost
that process more than the whole evaluation (ADR 0020).
"""

from __future__ import annotations

import enum
import re

from domain.hooks.value import Value
from domain.precompiled import precompiled


class RuleKind(enum.Enum):
    ALLOW = "allow"
    ASK = "ask"
    DENY = "deny"


_RULE = precompiled(r"^\s*([A-Za-z_][\w-]*)\s*(?:\((.*)\))?\s*$", re.DOTALL)


class PermissionRule(Value):
    """One entry of a ``permissions.{allow,ask,deny}`` list.

    ``specifier`` is the text between the parentheses (``None`` for a bare ``Bash``, which covers
    every command of the tool). ``origin`` names the settings file the rule came from.
    """

    __slots__ = ("kind", "origin", "specifier", "tool")
    kind: RuleKind
    tool: str
    specifier: str | None
    origin: str

    def __init__(self, kind: RuleKind, tool: str, specifier: str | None, origin: str = "") -> None:
        self._init(kind=kind, tool=tool, specifier=specifier, origin=origin)

    @property
    def text(self) -> str:
        return self.tool if self.specifier is None else f"{self.tool}({self.specifier})"


def parse_rule(text: str, kind: RuleKind, origin: str = "") -> PermissionRule | None:
    """Parse ``Tool`` or ``Tool(specifier)``; anything else is not a rule (``None``)."""
    match = _RULE.match(text)
    if match is None:
        return None
    specifier = match.group(2)
    if specifier is not None:
        specifier = specifier.strip()
    return PermissionRule(kind=kind, tool=match.group(1), specifier=specifier, origin=origin)


class PermissionPolicy(Value):
    """Every rule capy knows, in precedence order (local project, project, user)."""

    __slots__ = ("rules",)
    rules: tuple[PermissionRule, ...]

    def __init__(self, rules: tuple[PermissionRule, ...] = ()) -> None:
        self._init(rules=rules)

    def for_tool(self, tool: str, kind: RuleKind) -> tuple[PermissionRule, ...]:
        return tuple(r for r in self.rules if r.tool == tool and r.kind is kind)

    @property
    def has_bash_deny(self) -> bool:
        return bool(self.for_tool("Bash", RuleKind.DENY))

    @property
    def is_empty(self) -> bool:
        return not self.rules


def policy_from_lists(
    allow: tuple[str, ...] = (),
    ask: tuple[str, ...] = (),
    deny: tuple[str, ...] = (),
    origin: str = "",
) -> PermissionPolicy:
    """Build a policy from the three lists of one settings file."""
    rules: list[PermissionRule] = []
    for kind, texts in ((RuleKind.DENY, deny), (RuleKind.ASK, ask), (RuleKind.ALLOW, allow)):
        for text in texts:
            rule = parse_rule(text, kind, origin)
            if rule is not None:
                rules.append(rule)
    return PermissionPolicy(tuple(rules))


def merge_policies(*policies: PermissionPolicy) -> PermissionPolicy:
    return PermissionPolicy(tuple(rule for policy in policies for rule in policy.rules))
