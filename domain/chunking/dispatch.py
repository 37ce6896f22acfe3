"""The one entry point: chunk a document of a known content type."""

from __future__ import annotations

from collections.abc import Iterator

import attrs

from domain.chunk import Chunk
from domain.chunking.json_chunks import chunk_json
from domain.chunking.markdown import chunk_markdown
from domain.chunking.plaintext import plaintext_chunks
from domain.chunking.transcript import chunk_transcript
from domain.content_type import ContentType
from domain.search.auth_attacks import BruteForce, attack_facts, brute_force_attempts
from domain.search.filter_ports import filter_port_facts
from domain.search.library_facts import library_facts
from domain.search.line_facts import text_facts
from domain.search.outcome_words import outcome_facts
from domain.search.package_facts import package_facts
from domain.search.peak_snapshots import peak_facts, peak_snapshot
from domain.search.record_facts import record_facts
from domain.search.status_phrases import status_phrase_facts
from domain.search.tool_names import tool_facts
from domain.search.tool_vocabulary import gates_held, literals_held, tool_vocabulary_facts


def chunk(content: str, content_type: ContentType) -> tuple[Chunk, ...]:
    """Split ``content`` into searchable chunks, each at most 4 KB of UTF-8.

    Never merges chunks that share a title. JSON that does not parse, and transcripts without
    ``Human:`` turns, are chunked as plaintext. Blank content gives no chunks. Plaintext chunks
    carry the words for the HTTP statuses and latencies their lines record (``facts``), and
    those holding a client's repeated failed logins the words for brute force, those naming a
    package built for one platform (``rollup-linux-x64-gnu``) a native binary, those saying
    how a run went in the tool's words (``FATAL``, ``panic:``, ``exit code 1``) the agent's
    (``outcome_words``), and every section of an output the name of the tool that printed it
    when a line only that tool prints shows it (``tool_names``: ``could not compile `x` `` is
    cargo's), and those printing a tool's own vocabulary (``FROM image``) the agent's
    words for it (``tool_vocabulary``: ``base image``); plaintext and
    markdown sections writing a status with its reason phrase (``202 Accepted``) the words for
    a response's status code (``status_phrases``); JSON records the problems they count
    (``errors`` for ``"errorCount": 4``).
    """
    return tuple(chunk_stream(content, content_type))


def chunk_stream(content: str, content_type: ContentType) -> Iterator[Chunk]:
    """``chunk``'s chunks one at a time, in order: a big log's are handed on (to the store, a
    batch at a time) while the rest of it is still being cut, never all held at once."""
    text = content.replace("\r\n", "\n").replace("\r", "\n")
    if content_type is ContentType.MARKDOWN:
        yield from (_with_status_facts(c) for c in chunk_markdown(text))
        return
    if content_type is ContentType.JSON:
        records = chunk_json(text)
        if records:
            yield from (_with_record_facts(c) for c in records)
            return
    elif content_type is ContentType.TRANSCRIPT:
        turns = chunk_transcript(text)
        if turns:
            yield from turns
            return
    attempts = brute_force_attempts(text)
    attackers = frozenset(a.client for a in attempts)
    tool = tool_facts(text)
    peak = peak_snapshot(text)
    for piece in plaintext_chunks(text, attackers=attackers):
        yield _with_facts(piece, attempts, tool, peak)


def _with_facts(
    piece: Chunk, attempts: tuple[BruteForce, ...], tool: str = "", peak: str = ""
) -> Chunk:
    # The lower-case copy four of them read, made once (ADR 0276, 0287).
    lowered = piece.content.lower()
    # The strings the tool vocabulary and three other facts are asked behind, found in one
    # pass over the section (ADRs 0401, 0410).
    found = literals_held(piece.content)
    held = gates_held(found)
    said = (
        tool,
        peak_facts(piece.content, peak),
        text_facts(piece.content, lowered),
        attack_facts(piece.content, attempts),
        package_facts(piece.content, held),
        library_facts(piece.content, held),
        filter_port_facts(piece.content, held),
        status_phrase_facts(piece.content, lowered),
        outcome_facts(piece.content, lowered),
        tool_vocabulary_facts(piece.content, lowered, found),
    )
    facts = " ".join(words for words in said if words)
    return attrs.evolve(piece, facts=facts) if facts else piece


def _with_status_facts(piece: Chunk) -> Chunk:
    facts = status_phrase_facts(piece.content)
    return attrs.evolve(piece, facts=facts) if facts else piece


def _with_record_facts(piece: Chunk) -> Chunk:
    facts = record_facts(piece.content)
    return attrs.evolve(piece, facts=facts) if facts else piece
