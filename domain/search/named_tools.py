"""A question naming the tool whose output it asks about by the tool's name alone (ADR 0357).

"Exit code of node when it ran out of memory", "undefined names reported by ruff", "how many
node tests failed": the tool named is the one thing the question is sure of, and the output it
means is labelled with that name (an agent's own label, a batch command's label, a file's path).
ADR 0316 made "according to X" name the source; a question naming it any other way gained
nothing, and another tool's sections saying more of its other words came first (hyperfine's exit
codes over node's).

A source's tool is the first word of its name (of each command's, in a batch) that not every
candidate's name holds: a prefix all the labels share (``shop-``) names none, and the later
words (``cargo-build-error``'s "build") name what the output is about, not what printed it. A
word of the question is a tool when it is the tool of some candidates' sources and not of all,
and is not a word that asks (``question_words``: "go", "make", "list"). The candidates whose
source's name holds the word, or whose text (title, content, the command's words kept as facts)
does, come before the others, each group in its order: an output that says the word stays with
those named for it, so a tool's name that is also an ordinary noun ("the patch", "the
coverage") moves only the candidates that never say it.
"""

from __future__ import annotations

import re

from domain.search.matching import TermGroups
from domain.search.named_sources import held_first
from domain.search.question_words import is_question_word
from domain.search.rrf import FusedHit
from domain.server.source_labels import source_name

_WORD = re.compile(r"[a-z0-9]+")


def _names(hits: list[FusedHit]) -> dict[str, tuple[tuple[str, ...], ...]]:
    """The words of each candidate's source name, by label: one tuple per command a batch's
    name lists (``ruff check,node test``), in order."""
    names: dict[str, tuple[tuple[str, ...], ...]] = {}
    for hit in hits:
        label = hit.hit.label
        if label not in names:
            parts = source_name(label).lower().split(",")
            names[label] = tuple(tuple(_WORD.findall(part)) for part in parts)
    return names


def _tools(names: dict[str, tuple[tuple[str, ...], ...]]) -> dict[str, frozenset[str]]:
    """Each source's tools: the first word of each part of its name that not every source's
    name holds (a prefix all the labels share, ``real-``, ``shop-``, names no tool)."""
    held = [frozenset(w for part in parts for w in part) for parts in names.values()]
    shared = frozenset.intersection(*held) if held else frozenset()
    return {
        label: frozenset(next((w for w in part if w not in shared), "") for part in parts) - {""}
        for label, parts in names.items()
    }


def named_tools(hits: list[FusedHit], groups: TermGroups, skip: int = 0) -> int:
    """The units (bits of ``groups.units``, none of ``skip``) that are the tool of some of the
    candidates' sources and not of all: one word each, not an asking word."""
    names = _names(hits)
    if len(names) < 2:
        return 0
    tools_of = _tools(names).values()
    tools = 0
    for at, unit in enumerate(groups.units):
        if skip >> at & 1 or " " in unit or is_question_word(unit):
            continue
        naming = sum(1 for words in tools_of if unit in words)
        if 0 < naming < len(names):
            tools |= 1 << at
    return tools


def tools_first(hits: list[FusedHit], groups: TermGroups, tools: int) -> list[FusedHit]:
    """``hits`` with those whose source is named for every unit of ``tools`` (bits of
    ``groups.units``), or whose title, content or facts hold it, before the others."""
    if not tools:
        return hits
    wanted = [
        (unit, matcher)
        for at, (unit, matcher) in enumerate(zip(groups.units, groups.matchers, strict=True))
        if tools >> at & 1
    ]
    names = {
        label: frozenset(w for part in parts for w in part) for label, parts in _names(hits).items()
    }
    holds = []
    for hit in hits:
        words = names[hit.hit.label]
        text = f"{hit.hit.title}\n{hit.hit.content}\n{hit.hit.facts}"
        lowered = text.lower()
        holds.append(
            all(unit in words or matcher.positions(lowered, text=text) for unit, matcher in wanted)
        )
    return held_first(hits, holds)
