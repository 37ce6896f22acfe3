"""What capy answers a host: deny, ask, rewrite the input, add context, or no opinion.

Hosts differ in what they can do with an answer (Codex enforces only a deny; Gemini CLI cannot
ask), so a decision is first degraded to what the host supports — never to something weaker
than the user's own deny rule.
"""

from __future__ import annotations

from collections.abc import Mapping

from domain.hooks.value import Value

TYPE_CHECKING = False  # typing is not imported at run time (ADR 0102)
if TYPE_CHECKING:
    from typing import Any


class Deny(Value):
    """Do not run the tool; ``reason`` goes to the agent and says what to do instead."""

    __slots__ = ("reason",)
    reason: str

    def __init__(self, reason: str) -> None:
        self._init(reason=reason)


class Ask(Value):
    """Let the user confirm first (an ``ask`` permission rule matched)."""

    __slots__ = ("reason",)
    reason: str

    def __init__(self, reason: str) -> None:
        self._init(reason=reason)


class ModifyInput(Value):
    """Run the tool with ``arguments`` (the complete input, every untouched field kept).

    ``replaces_denial`` marks a rewrite that stands in for a block (curl → an ``echo`` of advice):
    a host that cannot rewrite gets a ``Deny(reason)`` instead. Other rewrites are only
    improvements and are dropped where unsupported.
    """

    __slots__ = ("arguments", "reason", "replaces_denial")
    arguments: Mapping[str, Any]
    reason: str
    replaces_denial: bool

    def __init__(
        self, arguments: Mapping[str, Any], reason: str, replaces_denial: bool = False
    ) -> None:
        self._init(arguments=arguments, reason=reason, replaces_denial=replaces_denial)


class AddContext(Value):
    """Let the tool run and add ``text`` to the agent's context."""

    __slots__ = ("text",)
    text: str

    def __init__(self, text: str) -> None:
        self._init(text=text)


class NoOpinion(Value):
    """Say nothing; the host proceeds as if capy were not installed."""

    __slots__ = ()


NO_OPINION = NoOpinion()

Decision = Deny | Ask | ModifyInput | AddContext | NoOpinion


class HostAbilities(Value):
    """What a host does with each kind of answer."""

    __slots__ = ("can_add_session_context", "can_add_tool_context", "can_ask", "can_modify")
    can_ask: bool
    can_modify: bool
    can_add_tool_context: bool
    can_add_session_context: bool

    def __init__(
        self,
        can_ask: bool = True,
        can_modify: bool = True,
        can_add_tool_context: bool = True,
        can_add_session_context: bool = True,
    ) -> None:
        self._init(
            can_ask=can_ask,
            can_modify=can_modify,
            can_add_tool_context=can_add_tool_context,
            can_add_session_context=can_add_session_context,
        )


def degrade(decision: Decision, abilities: HostAbilities, *, tool_event: bool = True) -> Decision:
    """The strongest answer the host honours without weakening a denial.

    An ``Ask`` the host cannot show becomes a ``Deny`` (an ask rule means "not without the user"),
    a rewrite that replaces a block becomes a ``Deny``, and advice the host would drop is dropped.
    """
    if isinstance(decision, Ask) and not abilities.can_ask:
        return Deny(
            f"{decision.reason} This host cannot ask for confirmation, so capy blocks the call: "
            "ask the user to run it, or change the rule."
        )
    if isinstance(decision, ModifyInput) and not abilities.can_modify:
        return Deny(decision.reason) if decision.replaces_denial else NO_OPINION
    if isinstance(decision, AddContext):
        allowed = (
            abilities.can_add_tool_context if tool_event else abilities.can_add_session_context
        )
        return decision if allowed else NO_OPINION
    return decision
