"""Transcripts: turns of Human/Assistant, windows of four overlapping by one."""

from __future__ import annotations

from domain.chunking import MAX_CHUNK_BYTES, chunk
from domain.chunking.transcript import split_turns
from domain.chunking.utf8 import byte_len
from domain.content_type import ContentType


def transcript(turns: int, size: int = 400) -> str:
    return "\n".join(
        f"Human: question {i} {'q' * size}\nAssistant: answer {i} {'a' * size}"
        for i in range(1, turns + 1)
    )


def test_small_transcript_is_one_chunk() -> None:
    chunks = chunk(transcript(3, 10), ContentType.TRANSCRIPT)
    assert [c.title for c in chunks] == ["Turns 1-3"]


def test_windows_of_four_turns_overlap_by_one() -> None:
    chunks = chunk(transcript(10), ContentType.TRANSCRIPT)
    assert [c.title for c in chunks] == ["Turns 1-4", "Turns 4-7", "Turns 7-10"]
    assert "question 4 " in chunks[0].content and "question 4 " in chunks[1].content


def test_windows_too_big_are_packed_turn_by_turn() -> None:
    chunks = chunk(transcript(8, 1500), ContentType.TRANSCRIPT)
    assert all(byte_len(c.content) <= MAX_CHUNK_BYTES for c in chunks)
    assert {c.title for c in chunks} == {"Turns 1-4", "Turns 4-7", "Turns 7-8"}


def test_preamble_belongs_to_the_first_turn() -> None:
    turns = split_turns("[Session]\nHuman: hi\nAssistant: yo\nHuman: bye\nAssistant: ok")
    assert turns == ["[Session]\nHuman: hi\nAssistant: yo", "Human: bye\nAssistant: ok"]


def test_text_without_turns_is_chunked_as_plaintext() -> None:
    assert [c.title for c in chunk("no turns here", ContentType.TRANSCRIPT)] == ["Output"]
