"""InjectSessionContext: the routing block at session start, unless the host already has it."""

from __future__ import annotations

from application.ports.guidance_state import GuidanceState
from application.ports.instruction_files import InstructionFiles
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
    """

    def __init__(self, instructions: InstructionFiles, guidance: GuidanceState) -> None:
        self._instructions = instructions
        self._guidance = guidance

    def execute(self, hook_input: HookInput, instruction_files: tuple[str, ...]) -> Decision:
        if hook_input.source in {"clear", "compact"}:
            self._guidance.forget(hook_input.session_id)
        if self._instructions.carry_routing(instruction_files):
            return NO_OPINION
        return AddContext(ROUTING_BLOCK)
