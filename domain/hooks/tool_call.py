"""What a host tells capy about one hook invocation, in the host-neutral form routing uses."""

from __future__ import annotations

from collections.abc import Mapping

from domain.hooks.events import HookEvent
from domain.hooks.value import Value

TYPE_CHECKING = False  # typing is not imported at run time (ADR 0102)
if TYPE_CHECKING:
    from typing import Any


class ToolCall(Value):
    """A tool the agent is about to run.

    ``name`` is the canonical name (``Bash``, ``Read``, ``WebFetch``, ``mcp__capy__capy_execute``)
    after the platform's aliases were applied; ``host_name`` is what the host called it.
    ``arguments`` is the tool's input exactly as the host sent it (a JSON object).
    """

    __slots__ = ("arguments", "host_name", "name")
    name: str
    arguments: Mapping[str, Any]
    host_name: str

    def __init__(
        self, name: str, arguments: Mapping[str, Any] | None = None, host_name: str = ""
    ) -> None:
        self._init(name=name, arguments=arguments or {}, host_name=host_name or name)

    def text(self, key: str) -> str:
        """The argument ``key`` when it is a string, else ``""``."""
        value = self.arguments.get(key)
        return value if isinstance(value, str) else ""


class ToolOutcome(Value):
    """How a finished tool call went (PostToolUse and its failure variants).

    ``response`` is the tool's result as the host sent it (an object or a text); ``error`` the
    failure text a host sends beside it; ``failed`` whether the host called it a failure.
    A result that reports its own failure (a non-zero exit code) is read by the domain.
    """

    __slots__ = ("error", "failed", "response")
    response: Any
    error: str
    failed: bool

    def __init__(self, response: Any = None, error: str = "", failed: bool = False) -> None:
        self._init(response=response, error=error, failed=failed)


class HookInput(Value):
    """One hook invocation: the event, the session it belongs to, and the tool call if any.

    ``session_id`` is empty when the host sent none and none could be derived; advisories are then
    not remembered. ``project_dir`` is the project root the host runs in; ``source`` is the
    SessionStart source (``startup|resume|clear|compact``); ``host_event`` the event as the host
    spelled it (``beforeShellExecution``, …); ``prompt`` the user's text (UserPromptSubmit);
    ``outcome`` the result of the tool call (PostToolUse); ``mode`` the host's permission mode
    when it sent one (Claude Code's ``permission_mode``: ``plan``, ``acceptEdits`` …).
    """

    __slots__ = (
        "event",
        "host_event",
        "mode",
        "outcome",
        "project_dir",
        "prompt",
        "session_id",
        "source",
        "tool",
    )
    event: HookEvent
    session_id: str
    project_dir: str
    tool: ToolCall | None
    source: str
    host_event: str
    prompt: str
    outcome: ToolOutcome | None
    mode: str

    def __init__(
        self,
        event: HookEvent,
        *,
        session_id: str = "",
        project_dir: str = "",
        tool: ToolCall | None = None,
        source: str = "",
        host_event: str = "",
        prompt: str = "",
        outcome: ToolOutcome | None = None,
        mode: str = "",
    ) -> None:
        self._init(
            event=event,
            session_id=session_id,
            project_dir=project_dir,
            tool=tool,
            source=source,
            host_event=host_event,
            prompt=prompt,
            outcome=outcome,
            mode=mode,
        )
