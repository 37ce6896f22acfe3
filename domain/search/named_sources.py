"""A question that names the tool whose output it asks about: "according to pidstat" (ADR 0316).

"Which process uses the most memory according to pidstat", "how much memory is free according
to top", "swap used according to vmstat -s": the words after "according to" name the source,
not a word the answer's line must hold. No output says ``according``; counted as a unit, it
weighed as much as the question's names in every candidate it was missing from, and it was
a name the store does not hold. And the tool named is the one thing the question is sure of:
of two sections saying "memory", only the one that is that tool's output answers it.

So ``according`` pads the question (it weighs nothing and is not searched for), and the first
unit after "according to" is the question's source: the candidates holding it rank before
those that do not, each group in its own order. When no candidate holds it (an output pasted
without its command), the order is left as it was.
"""

from __future__ import annotations

import attrs

from domain.search.matching import TermGroups
from domain.search.rrf import FusedHit
from domain.search.stopwords import STOPWORDS

# The phrase that hands the question to a source: the word searched for, then its particle.
_CONNECTOR = "according"
_PARTICLE = "to"


def _bit(units: tuple[str, ...], word: str) -> int:
    return sum(1 << at for at, unit in enumerate(units) if unit == word)


def named_source(raw: str, units: tuple[str, ...]) -> tuple[int, int]:
    """The units (bits of ``units``, lower case as the question's units) that only connect
    ``raw`` to its source (``according``), and the source's unit (the first one after
    "according to"); ``(0, 0)`` when the question names no source."""
    words = [word.strip("\"'`,;:?!()") for word in raw.lower().split()]
    for at in range(len(words) - 2):
        if words[at] != _CONNECTOR or words[at + 1] != _PARTICLE:
            continue
        for word in words[at + 2 :]:
            if word in STOPWORDS:
                continue
            source = _bit(units, word)
            if source:
                return _bit(units, _CONNECTOR), source
            break
    return 0, 0


def sources_first(hits: list[FusedHit], groups: TermGroups, source: int) -> list[FusedHit]:
    """``hits`` with those holding every unit of ``source`` (bits of ``groups.units``), in
    their title or content, before the others, each group in its order: their scores rise by
    the best score of the others, so that what orders hits by score later keeps them first.
    As they were when none or all of them hold it."""
    if not source:
        return hits
    wanted = [unit for at, unit in enumerate(groups.matchers) if source >> at & 1]
    holds = []
    for hit in hits:
        text = f"{hit.hit.title}\n{hit.hit.content}"
        lowered = text.lower()
        holds.append(all(unit.positions(lowered, text=text) for unit in wanted))
    return held_first(hits, holds)


def held_first(hits: list[FusedHit], holds: list[bool]) -> list[FusedHit]:
    """``hits`` with those ``holds`` marks before the others, each group in its order, their
    scores raised by the best score of the others; as they were when none or all are marked."""
    if all(holds) or not any(holds):
        return hits
    lift = max(hit.score for hit, held in zip(hits, holds, strict=True) if not held)
    first = [
        attrs.evolve(hit, score=hit.score + lift)
        for hit, held in zip(hits, holds, strict=True)
        if held
    ]
    return first + [hit for hit, held in zip(hits, holds, strict=True) if not held]
