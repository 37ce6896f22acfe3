"""ForgetGuidance: drop a session's advisory memory when its context goes away."""

from __future__ import annotations

from application.ports.guidance_state import GuidanceState
from domain.hooks.decision import NO_OPINION, Decision
from domain.hooks.tool_call import HookInput


class ForgetGuidance:
    """PreCompact and SessionEnd: the advice the agent saw is about to leave its context.

    - After compaction the summary no longer carries the one-time advisories, so they may be
      shown once more.
    - When the session ends its state file is removed, so ``.capy/`` does not collect one file
      per session forever.
    - Says nothing to the host.
    """

    def __init__(self, guidance: GuidanceState) -> None:
        self._guidance = guidance

    def execute(self, hook_input: HookInput) -> Decision:
        self._guidance.forget(hook_input.session_id)
        return NO_OPINION
