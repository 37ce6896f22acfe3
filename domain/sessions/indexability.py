"""Which sessions are worth indexing: a real exchange, not a one-line hello."""

from __future__ import annotations

from collections.abc import Sequence

from domain.sessions.turns import TurnPair

MIN_EXCHANGES = 2
MIN_ASSISTANT_CHARS = 200


def skip_reason(pairs: Sequence[TurnPair]) -> str:
    """Why a session is not indexed, or ``""`` when it is.

    It needs at least two turns the person started in the main session (summaries and
    subagents do not count) and at least 200 characters of assistant text and tool traces in
    all (summaries included).
    """
    if not pairs:
        return "no turns"
    exchanges = sum(1 for pair in pairs if pair.is_exchange)
    if exchanges < MIN_EXCHANGES:
        return f"too short ({exchanges} turn{'' if exchanges == 1 else 's'})"
    chars = sum(pair.assistant_chars for pair in pairs)
    if chars < MIN_ASSISTANT_CHARS:
        return f"too little assistant text ({chars} characters)"
    return ""
