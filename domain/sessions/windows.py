"""Cutting a transcript into searchable chunks: windows of turn pairs, titled for a reader.

A transcript that fits in one chunk stays whole. Otherwise windows of 4 pairs, each starting 3
pairs after the previous one (so consecutive windows share a pair and a fact at a boundary is
found with its context), sliced from the transcript by the pairs' byte spans. A window larger
than a chunk is packed pair by pair (a single huge pair cut on lines).

Titles say where a hit comes from: ``Session 2026-08-20T09:14:03Z | Turns 5-8 | Subagent:
Explore | PAL: codereview | Tools: Bash, Edit``.
"""

from __future__ import annotations

from collections.abc import Sequence

from domain.chunk import Chunk
from domain.chunking.limits import MAX_CHUNK_BYTES
from domain.chunking.markdown import has_fenced_code
from domain.chunking.oversized import pack_blocks
from domain.sessions.transcript import Transcript
from domain.sessions.turns import TurnPair

PAIRS_PER_WINDOW = 4
PAIR_OVERLAP = 1
TITLE_TOOLS = 8


def windows(count: int) -> list[tuple[int, int]]:
    """(first, last) pair indices, inclusive, of each window over ``count`` pairs."""
    step = PAIRS_PER_WINDOW - PAIR_OVERLAP
    spans: list[tuple[int, int]] = []
    for first in range(0, count, step):
        last = min(first + PAIRS_PER_WINDOW, count) - 1
        spans.append((first, last))
        if last == count - 1:
            break
    return spans


def _names(values: Sequence[str], limit: int) -> str:
    distinct = list(dict.fromkeys(v for v in values if v))
    shown = ", ".join(distinct[:limit])
    return shown + (f" +{len(distinct) - limit} more" if len(distinct) > limit else "")


def chunk_title(heading: str, pairs: Sequence[TurnPair], first: int, last: int) -> str:
    """``<heading> | Turns a-b`` (1-based) with the subagents, PAL tools and tools they used."""
    turns = f"Turn {first + 1}" if first == last else f"Turns {first + 1}-{last + 1}"
    parts = [heading, turns]
    subagents = sorted({p.subagent.shown_type for p in pairs if p.subagent is not None})
    if subagents:
        parts.append(f"Subagent: {', '.join(subagents)}")
    pal = _names([name for p in pairs for name in p.pal], TITLE_TOOLS)
    if pal:
        parts.append(f"PAL: {pal}")
    tools = _names([name for p in pairs for name in p.tools], TITLE_TOOLS)
    if tools:
        parts.append(f"Tools: {tools}")
    return " | ".join(parts)


def chunk_transcript_windows(
    transcript: Transcript, heading: str, max_bytes: int = MAX_CHUNK_BYTES, first_turn: int = 0
) -> list[Chunk]:
    """The chunks of a transcript; ``heading`` starts every title (``Session <start>``), and
    turns are numbered from ``first_turn`` + 1 (a later part of a long session goes on)."""
    pairs = transcript.pairs
    if not pairs:
        return []
    spans = [(0, len(pairs) - 1)] if transcript.size <= max_bytes else windows(len(pairs))
    chunks: list[Chunk] = []
    for first, last in spans:
        window = pairs[first : last + 1]
        title = chunk_title(heading, window, first + first_turn, last + first_turn)
        body = transcript.slice(first, last).strip()
        if not body:
            continue
        if len(body.encode("utf-8")) <= max_bytes:
            chunks.append(Chunk(title=title, content=body, has_code=has_fenced_code(body)))
            continue
        blocks = [transcript.slice(i, i) for i in range(first, last + 1)]
        chunks.extend(
            pack_blocks(
                blocks, title, max_bytes=max_bytes, overlap_lines=0, has_code=has_fenced_code
            )
        )
    return chunks
