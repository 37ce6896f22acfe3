"""RouteToolCall: capy's answer to a PreToolUse hook."""

from __future__ import annotations

from application.ports.guidance_state import GuidanceState
from application.ports.tool_permissions import ToolPermissions
from domain.hooks.decision import NO_OPINION, AddContext, Ask, Decision, Deny, ModifyInput
from domain.hooks.guidance import Advisory, advisory_text
from domain.hooks.routing import route_host_tool
from domain.hooks.tool_call import HookInput


class RouteToolCall:
    """Decide what the host should do with one tool call.

    - The user's deny rules come first and always win; an ask rule comes next, unless capy's
      routing blocks the call anyway (a blocked curl needs no confirmation).
    - Routing: curl/wget that would print a download and inline HTTP in Bash are rewritten to an
      ``echo`` of advice; WebFetch is denied with the capy (or platform CLI) alternative; Agent
      and Task prompts get the routing block; Read, Grep and Bash get one advisory per session.
    - Any failure of the routing itself means no opinion: the hook never breaks the host.
    """

    def __init__(self, permissions: ToolPermissions, guidance: GuidanceState) -> None:
        self._permissions = permissions
        self._guidance = guidance

    def execute(self, hook_input: HookInput) -> Decision:
        tool = hook_input.tool
        if tool is None:
            return NO_OPINION
        permission = self._permissions.check(tool)
        if isinstance(permission, Deny):
            return permission
        try:
            routed = route_host_tool(tool)
        except Exception:
            routed = NO_OPINION
        if isinstance(routed, Deny) or (isinstance(routed, ModifyInput) and routed.replaces_denial):
            return routed
        if isinstance(permission, Ask):
            return permission
        if isinstance(routed, Advisory):
            return self._advise(hook_input.session_id, routed)
        return routed

    def _advise(self, session_id: str, advisory: Advisory) -> Decision:
        if self._guidance.first_time(session_id, advisory.value):
            return AddContext(advisory_text(advisory))
        return NO_OPINION
