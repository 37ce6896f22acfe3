"""ToolPermissions port: what the user's permission rules say about one tool call."""

from __future__ import annotations

from application.ports.protocol_base import Protocol, runtime_checkable
from domain.hooks.decision import Ask, Deny
from domain.hooks.tool_call import ToolCall


@runtime_checkable
class ToolPermissions(Protocol):
    """Applies the host's deny/ask rules to a tool call (Bash, and capy's own tools).

    Returns ``Deny`` or ``Ask`` when a rule speaks against the call, else None. Never raises:
    rules that cannot be read mean None here — the hook stays out of the way, and the MCP
    server, which runs the code, refuses fail-closed on its side.
    """

    def check(self, tool: ToolCall) -> Deny | Ask | None: ...
