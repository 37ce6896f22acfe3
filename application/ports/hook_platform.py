"""HookPlatform port: one host tool's hook dialect (Claude Code, Codex, Gemini CLI, …)."""

from __future__ import annotations

from collections.abc import Mapping

from application.ports.protocol_base import Protocol, runtime_checkable
from domain.hooks.decision import Decision, HostAbilities
from domain.hooks.events import HookEvent
from domain.hooks.tool_call import HookInput

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any


@runtime_checkable
class HookPlatform(Protocol):
    """Reads a host's hook input into a ``HookInput`` and writes a decision the way it expects.

    ``parse`` never raises on odd input: missing or mistyped fields become empty values.
    ``render`` returns the JSON text for stdout, or None when there is nothing to say;
    decisions are degraded to ``abilities`` before rendering.
    """

    name: str
    abilities: HostAbilities
    instruction_files: tuple[str, ...]

    def parse(self, event: HookEvent, payload: Mapping[str, Any]) -> HookInput: ...

    def render(self, hook_input: HookInput, decision: Decision) -> str | None: ...
