"""Words a tool prints in the same fixed phrase in every output of a kind, saying nothing of it.

Python opens every traceback with ``Traceback (most recent call last):`` and ``faulthandler``
heads a thread's stack with ``(most recent call first)``: the phrase says in which order the
frames are listed, not that anything was last or first. A question's "last" ("on which line
was the last exception thrown") found only there would rank every Python traceback as saying
it. A unit's occurrences inside such a phrase are not counted as found (ADR 0272).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

# What every stock phrase holds: a text without it holds none, and is left as it is.
_SIGN = "most recent call "
# The phrases, lower case, each opening on ``_SIGN``.
_PHRASES = ("most recent call last", "most recent call first")


def holds_stock_phrase(lowered: str) -> bool:
    """Whether ``lowered`` (a lower-cased text) may hold a stock phrase."""
    return _SIGN in lowered


def may_start_inside(needles: Iterable[str]) -> bool:
    """Whether an occurrence of one of ``needles`` (lower case) could start inside a stock
    phrase: from one of its characters on, a phrase reads as the needle's head (``last``,
    ``call``, ``st``; not ``session``). A question none of whose needles could loses no
    position to a phrase, and its candidates need not be scanned for one."""
    return any(
        phrase[at:].startswith(needle[: len(phrase) - at])
        for needle in needles
        for phrase in _PHRASES
        for at in range(len(phrase))
    )


def stock_spans(lowered: str) -> list[tuple[int, int]]:
    """Where the stock phrases stand in ``lowered``: ``(start, end)`` of each, in order."""
    spans: list[tuple[int, int]] = []
    at = lowered.find(_SIGN)
    while at >= 0:
        for phrase in _PHRASES:
            if lowered.startswith(phrase, at):
                spans.append((at, at + len(phrase)))
                break
        at = lowered.find(_SIGN, at + 1)
    return spans


def outside_stock_phrases(
    lowered: str, positions: Sequence[Sequence[int]]
) -> tuple[tuple[int, ...], ...]:
    """``positions`` (each unit's occurrences in ``lowered``) without those starting inside a
    stock phrase."""
    spans = stock_spans(lowered)
    if not spans:
        return tuple(tuple(p) for p in positions)
    return tuple(
        tuple(at for at in found if not any(start <= at < end for start, end in spans))
        for found in positions
    )


def without_stock_phrases(text: str) -> str:
    """``text`` with its stock phrases blanked out (same length), for a title's words."""
    lowered = text.lower()
    if not holds_stock_phrase(lowered) or len(lowered) != len(text):
        return text
    for start, end in stock_spans(lowered):
        text = text[:start] + " " * (end - start) + text[end:]
    return text
