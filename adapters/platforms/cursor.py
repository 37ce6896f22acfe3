"""Cursor: camelCase events, ``conversation_id``, ``workspace_roots``, ``permission`` answers.

Cursor's own documentation and third-party references disagree on the answer key
(``permission`` vs ``decision``); capy writes both with the same value, and both message fields.
Only ``preToolUse`` can rewrite the input (``updated_input``); on ``beforeShellExecution`` a
blocking rewrite becomes a deny. Advice is never sent on a tool call, because in Cursor an
answer carrying it would also have to say "allow" and skip the user's approval.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from adapters.platforms.aliases import CURSOR
from adapters.platforms.claude_shaped import ClaudeShapedHookPlatform, _clip, _dump, _outcome
from adapters.platforms.payload import fallback_session, mapping, project_root, text, tool_call
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
from domain.hooks.tool_call import HookInput, ToolCall

_NO_REWRITE = HostAbilities(can_modify=False, can_add_tool_context=False)


class CursorHookPlatform(ClaudeShapedHookPlatform):
    name = "cursor"
    abilities = HostAbilities(can_add_tool_context=False)
    instruction_files = ("AGENTS.md", ".cursorrules")
    aliases = CURSOR
    session_env = ("CURSOR_TRACE_ID",)

    def parse(self, event: HookEvent, payload: Mapping[str, Any]) -> HookInput:
        host_event = text(payload, "hook_event_name")
        roots = payload.get("workspace_roots")
        root = roots[0] if isinstance(roots, list) and roots and isinstance(roots[0], str) else ""
        return HookInput(
            event=event,
            session_id=text(payload, "conversation_id", "session_id")
            or fallback_session(self._env, *self.session_env),
            project_dir=project_root(self._project_dir, root, text(payload, "cwd")),
            tool=self._tool(host_event, payload),
            source=text(payload, "source"),
            host_event=host_event,
            prompt=text(payload, "prompt") if event is HookEvent.USER_PROMPT_SUBMIT else "",
            outcome=_outcome(payload, host_event) if event is HookEvent.POST_TOOL_USE else None,
        )

    def _tool(self, host_event: str, payload: Mapping[str, Any]) -> ToolCall | None:
        if host_event in {"beforeShellExecution", "afterShellExecution"}:
            command = text(payload, "command")
            return ToolCall("Bash", {"command": command}, "Shell") if command else None
        if host_event == "beforeReadFile":
            path = text(payload, "file_path")
            return ToolCall("Read", {"file_path": path}, "Read") if path else None
        if host_event == "afterFileEdit":
            path = text(payload, "file_path")
            return ToolCall("Edit", {"file_path": path}, "Edit") if path else None
        name = text(payload, "tool_name")
        if not name:
            return None
        arguments = mapping(payload, "tool_input")
        raw = payload.get("tool_input")
        if not arguments and isinstance(raw, str):
            arguments = _json_object(raw)  # beforeMCPExecution sends the arguments as text
        return tool_call(name, arguments, self.aliases)

    def render(self, hook_input: HookInput, decision: Decision) -> str | None:
        event = hook_input.event
        tool_event = event is HookEvent.PRE_TOOL_USE
        abilities = self.abilities if hook_input.host_event == "preToolUse" else _NO_REWRITE
        decision = degrade(decision, abilities, tool_event=tool_event)
        if tool_event and isinstance(decision, Deny | Ask):
            verdict = "deny" if isinstance(decision, Deny) else "ask"
            reason = _clip(decision.reason)
            return _dump(
                {
                    "permission": verdict,
                    "decision": verdict,
                    "user_message": reason,
                    "agent_message": reason,
                    "reason": reason,
                }
            )
        if tool_event and isinstance(decision, ModifyInput):
            return _dump(
                {
                    "permission": "allow",
                    "decision": "allow",
                    "updated_input": dict(decision.arguments),
                    "agent_message": _clip(decision.reason),
                }
            )
        if event is HookEvent.SESSION_START and isinstance(decision, AddContext) and decision.text:
            return _dump({"additional_context": _clip(decision.text)})
        return None


def _json_object(raw: str) -> Mapping[str, Any]:
    try:
        value = json.loads(raw)
    except ValueError:
        return {}
    return value if isinstance(value, dict) else {}
