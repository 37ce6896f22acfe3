"""A session ready to index: redacted turn pairs, rendered, cut into chunks and source parts.

Secrets are redacted in every pair *before* the transcript is built, so the byte spans the
chunks are cut by describe the text that is stored. A session whose transcript is larger than
one source may be (``store.max_source_bytes``) is stored in several parts, each a whole number
of pairs, numbered on from the previous part.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import attrs

from domain.chunk import Chunk
from domain.sessions.labels import SessionLabel
from domain.sessions.tool_registry import cut
from domain.sessions.transcript import Transcript, build_transcript
from domain.sessions.turns import TurnPair
from domain.sessions.windows import chunk_transcript_windows

# One pair's text (a pasted log, a long answer) is cut here: past this it is noise to search.
MAX_PAIR_TEXT_CHARS = 64 * 1024
# Room left in a part for the subagent delimiters a cut may repeat.
PART_MARGIN_BYTES = 1024


@attrs.frozen
class SessionPart:
    label: SessionLabel
    transcript: Transcript
    chunks: tuple[Chunk, ...]


def _bounded(pair: TurnPair) -> TurnPair:
    return pair.map_text(lambda text: cut(text, MAX_PAIR_TEXT_CHARS))


def _groups(pairs: Sequence[TurnPair], budget: int) -> list[list[TurnPair]]:
    whole = build_transcript(pairs)
    groups: list[list[TurnPair]] = [[]]
    size = 0
    for pair, (start, end) in zip(pairs, whole.spans, strict=True):
        if groups[-1] and size + (end - start) > budget:
            groups.append([])
            size = 0
        groups[-1].append(pair)
        size += end - start
    return groups


def session_parts(
    pairs: Sequence[TurnPair],
    *,
    heading: str,
    start: str,
    session_id: str,
    max_source_bytes: int,
    redact: Callable[[str], str],
) -> list[SessionPart]:
    """The parts to store for a session's pairs (main pairs first, then subagents')."""
    cleaned = [_bounded(pair).map_text(redact) for pair in pairs]
    budget = max(max_source_bytes - PART_MARGIN_BYTES, 1)
    parts: list[SessionPart] = []
    first_turn = 0
    for number, group in enumerate(_groups(cleaned, budget), start=1):
        transcript = build_transcript(group)
        chunks = chunk_transcript_windows(transcript, heading, first_turn=first_turn)
        label = SessionLabel(start, session_id, number)
        parts.append(SessionPart(label, transcript, tuple(chunks)))
        first_turn += len(group)
    return parts
