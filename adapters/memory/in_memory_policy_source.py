"""A PolicySource holding rules given in code, or failing like a broken settings file."""

from __future__ import annotations

from application.ports.policy_source import PolicySource
from domain.errors import PolicyError
from domain.permissions.rules import PermissionPolicy


class InMemoryPolicySource(PolicySource):
    def __init__(self, policy: PermissionPolicy | None = None) -> None:
        self.policy = policy if policy is not None else PermissionPolicy()
        self.error: PolicyError | None = None
        self.loads = 0

    def load(self) -> PermissionPolicy:
        self.loads += 1
        if self.error is not None:
            raise self.error
        return self.policy
