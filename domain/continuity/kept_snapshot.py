"""The snapshot PreCompact keeps, as a value of its own: the journal stores and reads it on
every hook that records an event, without the snapshot's rendering (and redaction) behind it."""

from __future__ import annotations

from domain.hooks.value import Value


class KeptSnapshot(Value):
    """A snapshot PreCompact kept: its ``text``, the time of the last event it covers
    (``through``), and whether a SessionStart already restored it (``consumed``). A snapshot
    is restored as it is only while unconsumed and no event came after it (ADR 0060)."""

    __slots__ = ("consumed", "text", "through")
    text: str
    through: float
    consumed: bool

    def __init__(self, text: str, through: float, consumed: bool = False) -> None:
        self._init(text=text, through=through, consumed=consumed)
