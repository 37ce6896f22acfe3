"""The ``hookSpecificOutput`` dialect shared by Claude Code, Codex and VS Code Copilot."""

from __future__ import annotations

from collections.abc import Mapping

from adapters.platforms.payload import (
    fallback_session,
    mapping,
    project_root,
    session_from_transcript,
    text,
    tool_call,
)
from adapters.quick_json import dumps
from application.ports.hook_platform import HookPlatform
from domain.hooks.decision import (
    AddContext,
    Ask,
    Decision,
    Deny,
    HostAbilities,
    ModifyInput,
    degrade,
)
from domain.hooks.events import HookEvent
from domain.hooks.tool_call import HookInput, ToolOutcome

TYPE_CHECKING = False  # typing is not imported at run time (ADR 0102)
if TYPE_CHECKING:
    from typing import Any

EVENT_NAMES = {
    HookEvent.PRE_TOOL_USE: "PreToolUse",
    HookEvent.POST_TOOL_USE: "PostToolUse",
    HookEvent.PRE_COMPACT: "PreCompact",
    HookEvent.SESSION_START: "SessionStart",
    HookEvent.SESSION_END: "SessionEnd",
    HookEvent.USER_PROMPT_SUBMIT: "UserPromptSubmit",
}
# Hosts cap hook strings at 10,000 characters.
_MAX_TEXT = 9_500


class ClaudeShapedHookPlatform(HookPlatform):
    """Input in snake_case (``session_id``, ``tool_name``); decisions in ``hookSpecificOutput``."""

    name = "claude-code"
    abilities = HostAbilities()
    instruction_files: tuple[str, ...] = ("CLAUDE.md", ".claude/CLAUDE.md")
    aliases: Mapping[str, str] = {}
    project_env = "CLAUDE_PROJECT_DIR"
    session_env: tuple[str, ...] = ("CLAUDE_SESSION_ID",)

    def __init__(self, env: Mapping[str, str], project_dir: str = "") -> None:
        self._env = env
        self._project_dir = project_dir

    def parse(self, event: HookEvent, payload: Mapping[str, Any]) -> HookInput:
        tool = None
        name = text(payload, "tool_name", "toolName")
        if name:
            tool = tool_call(name, mapping(payload, "tool_input", "toolInput"), self.aliases)
        host_event = text(payload, "hook_event_name", "hookEventName")
        return HookInput(
            event=event,
            session_id=self._session(payload),
            project_dir=project_root(
                self._project_dir, self._env.get(self.project_env, ""), text(payload, "cwd")
            ),
            tool=tool,
            source=text(payload, "source", "trigger", "reason"),
            host_event=host_event,
            prompt=text(payload, "prompt") if event is HookEvent.USER_PROMPT_SUBMIT else "",
            outcome=_outcome(payload, host_event) if event is HookEvent.POST_TOOL_USE else None,
            mode=text(payload, "permission_mode"),
        )

    def _session(self, payload: Mapping[str, Any]) -> str:
        return (
            session_from_transcript(text(payload, "transcript_path", "transcriptPath"))
            or text(payload, "session_id", "sessionId")
            or fallback_session(self._env, *self.session_env)
        )

    def render(self, hook_input: HookInput, decision: Decision) -> str | None:
        event = hook_input.event
        decision = degrade(decision, self.abilities, tool_event=event is HookEvent.PRE_TOOL_USE)
        specific: dict[str, Any] = {"hookEventName": EVENT_NAMES[event]}
        if isinstance(decision, Deny):
            if event is not HookEvent.PRE_TOOL_USE:
                return _dump({"decision": "block", "reason": _clip(decision.reason)})
            specific["permissionDecision"] = "deny"
            specific["permissionDecisionReason"] = _clip(decision.reason)
        elif isinstance(decision, Ask) and event is HookEvent.PRE_TOOL_USE:
            specific["permissionDecision"] = "ask"
            specific["permissionDecisionReason"] = _clip(decision.reason)
        elif isinstance(decision, ModifyInput) and event is HookEvent.PRE_TOOL_USE:
            # updatedInput replaces the whole input; "allow" is what makes the host apply it.
            specific["permissionDecision"] = "allow"
            specific["permissionDecisionReason"] = _clip(decision.reason)
            specific["updatedInput"] = dict(decision.arguments)
        elif isinstance(decision, AddContext) and decision.text:
            if event in {HookEvent.SESSION_END, HookEvent.PRE_COMPACT}:
                return None
            specific["additionalContext"] = _clip(decision.text)
        else:
            return None
        return _dump({"hookSpecificOutput": specific})


def _outcome(payload: Mapping[str, Any], host_event: str) -> ToolOutcome:
    """The tool's result; a host's failure event (``PostToolUseFailure``) marks it failed."""
    response = next(
        (
            payload[key]
            for key in ("tool_response", "toolResponse", "tool_output", "output")
            if key in payload
        ),
        None,
    )
    error = payload.get("error")
    failed = "failure" in host_event.lower() or (isinstance(error, str) and bool(error))
    return ToolOutcome(response, error if isinstance(error, str) else "", failed)


def _clip(value: str) -> str:
    return value if len(value) <= _MAX_TEXT else value[: _MAX_TEXT - 1] + "…"


def _dump(document: Mapping[str, Any]) -> str:
    # ASCII-only JSON survives any stdout encoding the host gives us (LANG=C, Windows code pages)
    return dumps(document, ensure_ascii=True)
