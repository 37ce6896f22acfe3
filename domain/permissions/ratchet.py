"""While capy runs, permission rules may only get stricter.

Sandboxed code runs as the user and can rewrite ``.claude/settings.json``; if the server took
the rewritten file at its word, the next call would run unguarded. So a deny or ask rule that
was in force stays in force until capy restarts, even when the file no longer holds it; rules
that are added take effect at once. Rules are the same rule when kind, tool and specifier agree
(the file they came from does not matter).
"""

from __future__ import annotations

from domain.permissions.rules import PermissionPolicy, PermissionRule, RuleKind

_RESTRICTING = (RuleKind.DENY, RuleKind.ASK)


def _key(rule: PermissionRule) -> tuple[RuleKind, str, str | None]:
    return rule.kind, rule.tool, rule.specifier


def tighten(
    in_force: PermissionPolicy | None, loaded: PermissionPolicy
) -> tuple[PermissionPolicy, tuple[PermissionRule, ...]]:
    """The rules in force after reading ``loaded``, and the deny/ask rules that the files no
    longer hold but that stay in force (in the order they were in force)."""
    if in_force is None:
        return loaded, ()
    present = {_key(rule) for rule in loaded.rules}
    kept = tuple(
        rule for rule in in_force.rules if rule.kind in _RESTRICTING and _key(rule) not in present
    )
    if not kept:
        return loaded, ()
    return PermissionPolicy(kept + loaded.rules), kept
