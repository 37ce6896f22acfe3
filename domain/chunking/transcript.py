"""Transcript chunking: ``Human:`` / ``Assistant:`` conversations, in windows of turns.

A turn is one ``Human:`` message with everything up to the next one (the assistant's answer,
tool notes). A transcript that fits in one chunk stays whole; otherwise windows of 4 turns,
overlapping by 1, titled ``Turns a-b``. A window too big for one chunk is packed turn by turn.
"""

from __future__ import annotations

import re
from itertools import pairwise

from domain.chunk import Chunk
from domain.chunking.limits import MAX_CHUNK_BYTES
from domain.chunking.oversized import pack_blocks
from domain.chunking.utf8 import byte_len

TURNS_PER_WINDOW = 4
TURN_OVERLAP = 1
_HUMAN = re.compile(r"^Human:", re.MULTILINE)


def split_turns(text: str) -> list[str]:
    """The turns of a transcript; text before the first ``Human:`` belongs to the first turn."""
    starts = [m.start() for m in _HUMAN.finditer(text)]
    if not starts:
        return []
    starts[0] = 0
    bounds = [*starts, len(text)]
    return [text[a:b].strip("\n") for a, b in pairwise(bounds)]


def _title(first: int, last: int) -> str:
    return f"Turns {first}-{last}" if last != first else f"Turn {first}"


def chunk_transcript(text: str, max_bytes: int = MAX_CHUNK_BYTES) -> list[Chunk]:
    turns = [t for t in split_turns(text) if t.strip()]
    if not turns:
        return []
    whole = "\n\n".join(turns)
    if byte_len(whole) <= max_bytes:
        return [Chunk(title=_title(1, len(turns)), content=whole)]
    chunks: list[Chunk] = []
    step = TURNS_PER_WINDOW - TURN_OVERLAP
    for start in range(0, len(turns), step):
        window = turns[start : start + TURNS_PER_WINDOW]
        title = _title(start + 1, start + len(window))
        chunks.extend(pack_blocks(window, title, max_bytes=max_bytes, overlap_lines=0))
        if start + TURNS_PER_WINDOW >= len(turns):
            break
    return chunks
