"""ToolPermissions over rules given in code (tests), through the same domain check."""

from __future__ import annotations

from application.ports.tool_permissions import ToolPermissions
from domain.hooks.decision import Ask, Deny
from domain.hooks.permission_check import check_permissions
from domain.hooks.tool_call import ToolCall
from domain.permissions.path_rules import ReadTarget
from domain.permissions.rules import PermissionPolicy


class InMemoryToolPermissions(ToolPermissions):
    def __init__(
        self, policy: PermissionPolicy | None = None, project_root: str = "/project"
    ) -> None:
        self.policy = policy or PermissionPolicy()
        self._root = project_root.rstrip("/")

    def check(self, tool: ToolCall) -> Deny | Ask | None:
        return check_permissions(self.policy, tool, self._target)

    def _target(self, path: str) -> ReadTarget:
        absolute = path if path.startswith("/") else f"{self._root}/{path.removeprefix('./')}"
        inside = absolute.startswith(self._root + "/")
        return ReadTarget(path, absolute, absolute[len(self._root) + 1 :] if inside else None)
