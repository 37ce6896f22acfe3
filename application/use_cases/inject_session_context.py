"""InjectSessionContext: the routing block at session start, unless the host already has it."""

from __future__ import annotations

from application.ports.guidance_state import GuidanceState
from application.ports.instruction_files import InstructionFiles
from application.use_cases.restore_session import RestoreSession
from domain.hooks.decision import NO_OPINION, AddContext, Decision
from domain.hooks.guidance import ROUTING_BLOCK
from domain.hooks.tool_call import HookInput


class InjectSessionContext:
    """Tell a new (or compacted, or cleared) session when to use capy.

    - The routing block is added as session context, once per session start.
    - When the project's instruction file for this host already holds or imports the routing
      (``capy setup`` writes that), nothing is added: the same text twice is a fixed token cost
      for nothing.
    - A new context has seen no advisories, so the session's advisory memory is reset.
    - After a compaction or on resume, the session's facts follow (``RestoreSession``).
    """

    def __init__(
        self,
        instructions: InstructionFiles,
        guidance: GuidanceState,
        restore: RestoreSession | None = None,
    ) -> None:
        self._instructions = instructions
        self._guidance = guidance
        self._restore = restore

    def execute(self, hook_input: HookInput, instruction_files: tuple[str, ...]) -> Decision:
        if hook_input.source in {"clear", "compact"}:
            self._guidance.forget(hook_input.session_id)
        parts = []
        if not self._instructions.carry_routing(instruction_files):
            parts.append(ROUTING_BLOCK)
        if self._restore is not None:
            try:
                facts = self._restore.execute(hook_input)
            except Exception:  # a broken journal must not cost the session its routing
                facts = ""
            if facts:
                parts.append(facts)
        return AddContext("\n\n".join(parts)) if parts else NO_OPINION
