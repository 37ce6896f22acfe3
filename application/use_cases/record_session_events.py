"""RecordSessionEvents: what a hook event tells about the session goes into its journal."""

from __future__ import annotations

from application.ports.clock import Clock
from application.ports.session_journal import SessionJournal
from domain.continuity.event import SUBAGENT_TOOLS, SessionEvent
from domain.hooks.decision import NO_OPINION, Decision
from domain.hooks.events import HookEvent
from domain.hooks.tool_call import HookInput, ToolOutcome

# Runs in ``capy hook`` once per tool call: each event loads only the readers it needs.


class RecordSessionEvents:
    """Capture the facts of one hook event: PostToolUse (files, tasks, errors, git, environment,
    finished subagents), UserPromptSubmit (the request, a stated goal, decisions and rules) and
    PreToolUse of a subagent (launched).

    - Everything is redacted and trimmed before it reaches the journal.
    - Never answers the host and never fails it: a fact that cannot be read is skipped.
    """

    def __init__(self, journal: SessionJournal, clock: Clock) -> None:
        self._journal = journal
        self._clock = clock

    def execute(self, hook_input: HookInput) -> Decision:
        try:
            events = self._events(hook_input, self._clock.timestamp())
        except Exception:  # capture is best effort; the host must not notice a bug here
            events = []
        if events:
            self._journal.append(hook_input.project_dir, hook_input.session_id, events)
        return NO_OPINION

    @staticmethod
    def _events(hook_input: HookInput, at: float) -> list[SessionEvent]:
        event, tool = hook_input.event, hook_input.tool
        if event is HookEvent.USER_PROMPT_SUBMIT:
            from domain.continuity.prompt_facts import prompt_events

            return prompt_events(hook_input.prompt, at, hook_input.mode)
        if tool is None:
            return []
        from domain.continuity.tool_facts import subagent_events, tool_events

        if event is HookEvent.POST_TOOL_USE:
            outcome = hook_input.outcome or ToolOutcome()
            return tool_events(tool, outcome, hook_input.project_dir, at)
        if event is HookEvent.PRE_TOOL_USE and tool.name in SUBAGENT_TOOLS:
            return subagent_events(tool.arguments, at, "launched")
        return []
