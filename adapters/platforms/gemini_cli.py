"""Gemini CLI: ``BeforeTool``/``AfterTool``/``PreCompress`` events and Gemini's tool names.

A deny is ``{"decision": "deny", "reason": …}``; a rewrite is ``hookSpecificOutput.tool_input``
(merged over the model's arguments). Gemini has no "ask" and no context on BeforeTool, so an ask
rule becomes a deny and one-time advice is dropped.
"""

from __future__ import annotations

from typing import Any

from adapters.platforms.aliases import GEMINI_CLI
from adapters.platforms.claude_shaped import ClaudeShapedHookPlatform, _clip, _dump
from domain.hooks.decision import (
    AddContext,
    Decision,
    Deny,
    HostAbilities,
    ModifyInput,
    degrade,
)
from domain.hooks.events import HookEvent
from domain.hooks.tool_call import HookInput

_EVENT_NAMES = {
    HookEvent.PRE_TOOL_USE: "BeforeTool",
    HookEvent.POST_TOOL_USE: "AfterTool",
    HookEvent.PRE_COMPACT: "PreCompress",
    HookEvent.SESSION_START: "SessionStart",
    HookEvent.SESSION_END: "SessionEnd",
    HookEvent.USER_PROMPT_SUBMIT: "BeforeAgent",
}


class GeminiCliHookPlatform(ClaudeShapedHookPlatform):
    name = "gemini-cli"
    abilities = HostAbilities(
        can_ask=False, can_modify=True, can_add_tool_context=False, can_add_session_context=True
    )
    instruction_files = ("GEMINI.md", "AGENTS.md")
    aliases = GEMINI_CLI
    project_env = "GEMINI_PROJECT_DIR"
    session_env = ()

    def render(self, hook_input: HookInput, decision: Decision) -> str | None:
        event = hook_input.event
        decision = degrade(decision, self.abilities, tool_event=event is HookEvent.PRE_TOOL_USE)
        document: dict[str, Any]
        if isinstance(decision, Deny):
            document = {"decision": "deny", "reason": _clip(decision.reason)}
        elif isinstance(decision, ModifyInput) and event is HookEvent.PRE_TOOL_USE:
            document = {
                "hookSpecificOutput": {
                    "hookEventName": _EVENT_NAMES[event],
                    "tool_input": dict(decision.arguments),
                },
                "systemMessage": _clip(decision.reason),
            }
        elif isinstance(decision, AddContext) and decision.text and _takes_context(event):
            document = {
                "hookSpecificOutput": {
                    "hookEventName": _EVENT_NAMES[event],
                    "additionalContext": _clip(decision.text),
                }
            }
        else:
            return None
        return _dump(document)


def _takes_context(event: HookEvent) -> bool:
    return event in {HookEvent.SESSION_START, HookEvent.USER_PROMPT_SUBMIT, HookEvent.POST_TOOL_USE}
