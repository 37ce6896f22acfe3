"""Packing blocks (paragraphs, code fences, turns) into chunks that respect the byte limit.

Blocks are kept whole whenever they fit; consecutive chunks overlap by the last lines of the
previous one so a fact cut at a boundary is still found with its context. A block larger than
the limit is cut on lines, and a line larger than the limit on UTF-8 character boundaries.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable

from domain.chunk import Chunk
from domain.chunking.limits import MAX_CHUNK_BYTES, OVERLAP_LINES
from domain.chunking.utf8 import byte_len, split_bytes

_SEPARATOR = "\n\n"
_BLANK_LINE = re.compile(r"\n[ \t]*\n")


def _never(_: str) -> bool:
    return False


def split_lines_to_fit(text: str, max_bytes: int) -> list[str]:
    """Cut one over-large block on line boundaries (and inside over-long lines if needed)."""
    pieces: list[str] = []
    current: list[str] = []
    size = 0
    for line in text.split("\n"):
        for part in split_bytes(line, max_bytes) or [""]:
            part_size = byte_len(part) + (1 if current else 0)
            if current and size + part_size > max_bytes:
                pieces.append("\n".join(current))
                current, size = [], 0
                part_size = byte_len(part)
            current.append(part)
            size += part_size
    if current:
        pieces.append("\n".join(current))
    return [p for p in pieces if p.strip()]


def _overlap(text: str, lines: int, budget: int) -> str:
    tail = "\n".join(text.rstrip("\n").split("\n")[-lines:]).strip()
    return tail if tail and byte_len(tail) <= budget else ""


def pack_blocks(
    blocks: Iterable[str],
    title: str,
    *,
    max_bytes: int = MAX_CHUNK_BYTES,
    overlap_lines: int = OVERLAP_LINES,
    has_code: Callable[[str], bool] = _never,
    no_overlap_after: Callable[[str], bool] = _never,
) -> list[Chunk]:
    """Join blocks with blank lines into chunks of at most ``max_bytes`` bytes titled ``title``.

    ``no_overlap_after(text)`` lets a caller refuse carrying the tail of a chunk into the next
    one (markdown: never start a chunk with half a code fence).
    """
    units: list[str] = []
    for block in blocks:
        block = block.strip("\n")
        if not block.strip():
            continue
        units.extend(
            [block] if byte_len(block) <= max_bytes else split_lines_to_fit(block, max_bytes)
        )

    chunks: list[Chunk] = []
    buffer: list[str] = []
    size = 0
    for unit in units:
        unit_size = byte_len(unit)
        joined = size + (len(_SEPARATOR) if buffer else 0) + unit_size
        if buffer and joined > max_bytes:
            text = _SEPARATOR.join(buffer)
            chunks.append(Chunk(title=title, content=text, has_code=has_code(text)))
            budget = min(max_bytes // 4, max_bytes - unit_size - len(_SEPARATOR))
            tail = "" if no_overlap_after(text) else _overlap(text, overlap_lines, budget)
            buffer = [tail] if tail else []
            size = byte_len(tail)
            joined = size + (len(_SEPARATOR) if buffer else 0) + unit_size
        buffer.append(unit)
        size = joined
    if buffer:
        text = _SEPARATOR.join(buffer)
        chunks.append(Chunk(title=title, content=text, has_code=has_code(text)))
    return chunks


def paragraphs(text: str) -> list[str]:
    """Blank-line separated paragraphs of ``text``."""
    return _BLANK_LINE.split(text)
