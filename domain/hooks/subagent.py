"""Subagents start with an empty context, so capy's routing block travels in their prompt."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from domain.hooks.decision import NO_OPINION, Decision, ModifyInput
from domain.hooks.guidance import ROUTING_BLOCK, ROUTING_MARKER

# Hosts name the task text differently; the first string field present is the prompt.
_PROMPT_FIELDS = ("prompt", "request", "objective", "question", "query", "task")


def brief_subagent(arguments: Mapping[str, Any]) -> Decision:
    """The subagent call with the routing block appended to its prompt on lines of its own.

    A ``Bash`` subagent cannot call capy's MCP tools, so it becomes ``general-purpose``. A
    prompt that already carries the block is left alone (no second copy on a retry).
    """
    field = next((f for f in _PROMPT_FIELDS if isinstance(arguments.get(f), str)), None)
    if field is None:
        return NO_OPINION
    prompt: str = arguments[field]
    if ROUTING_MARKER in prompt:
        return NO_OPINION
    updated = dict(arguments)
    updated[field] = f"{prompt.rstrip()}\n\n{ROUTING_BLOCK}" if prompt.strip() else ROUTING_BLOCK
    if updated.get("subagent_type") == "Bash":
        updated["subagent_type"] = "general-purpose"
    return ModifyInput(updated, "capy: routing instructions added for the subagent")
