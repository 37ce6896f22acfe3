"""PolicySource port: the host's permission rules (Claude Code ``permissions`` settings)."""

from __future__ import annotations

from typing import Protocol, runtime_checkable

from domain.permissions.rules import PermissionPolicy


@runtime_checkable
class PolicySource(Protocol):
    """Reads permission rules, in precedence order.

    Contract: missing settings files contribute nothing; a file that exists but cannot be read
    or parsed raises ``PolicyError`` naming the file (callers fail closed). ``~/`` in ``Read``
    rules is expanded to an absolute ``//…`` specifier.
    """

    def load(self) -> PermissionPolicy:
        """The merged rules of every settings file, highest precedence first."""
        ...
