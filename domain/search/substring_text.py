"""The text the substrings layer indexes for a chunk, when it needs less than the chunk itself.

A substrings engine indexes every run of three characters of a text, so its cost grows with
every character; a log window repeats the same hosts, paths, user agents, levels and words on
every line. What the layer answers is a term (no blank in it: ``parse_query`` splits on every
blank) found anywhere inside the text, or a phrase of such terms. A term can only occur inside
one blank-free token of the text, so the window's distinct tokens, each once, find every term
the whole window finds. They are kept in order of first appearance, and tokens first seen one
after the other on a line stay together, joined by one space: a phrase whose words first
appear together still matches. Where a token is left out the text breaks the line, so no
phrase is found across the gap that the window does not hold (phrases are joined by spaces).

Only log windows (chunks titled by their time span, ``log_titles``) are reduced: measured on
real logs, their distinct tokens are a fifth of the text (ADR 0144). Other chunks are indexed
as they are.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

from domain.chunk import Chunk

# A log window's title starts with its time span (after its section's title, if any):
# ``09:43:51–09:43:53: 500 server error ×3`` or ``Build > 09:43:51: 12 lines, nothing failed``.
_LOG_SPAN = re.compile(r"(?:^|> )\d\d:\d\d:\d\d(?:–\d\d:\d\d:\d\d)?: ")


def is_log_window(chunk: Chunk) -> bool:
    """Whether ``chunk`` is a window of a log: its title is the time span of its lines."""
    return _LOG_SPAN.search(chunk.title) is not None


def distinct_tokens(text: str) -> str:
    """``text``'s blank-free tokens, each once in order of first appearance; tokens first seen
    one after the other on a line joined by a space, and a line break wherever a token was
    left out or a line ended."""
    # Each kept token goes into one list after what separates it from the one kept before: a
    # space when that one stood right before it on its line, else a line break (the first
    # token's, cut off at the end). One join of it all, not one per run and one of the runs.
    seen: set[str] = set()
    keep = seen.add
    pieces: list[str] = []
    put = pieces.append
    for line in text.split("\n"):
        separator = "\n"
        for token in line.split():
            if token in seen:
                separator = "\n"
            else:
                keep(token)
                put(separator)
                put(token)
                separator = " "
    return "".join(pieces)[1:]


def substring_text(chunk: Chunk) -> str | None:
    """What the substrings layer indexes for ``chunk`` instead of its content, or None when it
    indexes the content itself."""
    if not is_log_window(chunk):
        return None
    reduced = distinct_tokens(chunk.content)
    return reduced if len(reduced) < len(chunk.content) else None


class WithSubstrings(tuple[Chunk, ...]):
    """Chunks, each one's ``substring_text`` computed where they were cut (a big document's
    worker process, ADR 0174): the store that inserts them reads it instead of computing it."""

    substrings: tuple[str | None, ...]

    def __new__(cls, chunks: Iterable[Chunk], substrings: Iterable[str | None]) -> WithSubstrings:
        batch = super().__new__(cls, chunks)
        batch.substrings = tuple(substrings)
        if len(batch.substrings) != len(batch):
            raise ValueError(f"{len(batch.substrings)} substrings texts for {len(batch)} chunks")
        return batch


def substring_texts(chunks: Sequence[Chunk]) -> Sequence[str | None]:
    """``substring_text`` of each of ``chunks``: carried with them, or computed now."""
    if isinstance(chunks, WithSubstrings):
        return chunks.substrings
    return [substring_text(piece) for piece in chunks]
