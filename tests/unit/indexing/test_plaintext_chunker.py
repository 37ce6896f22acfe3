"""Plaintext: whole output, blank-line sections, line windows; giant lines cut safely."""

from __future__ import annotations

import tracemalloc

from hypothesis import given
from hypothesis import strategies as st

from domain.chunking import MAX_CHUNK_BYTES, chunk
from domain.chunking.oversized import paragraphs
from domain.chunking.plaintext import MAX_SECTIONS, MIN_SECTIONS, _sections
from domain.chunking.utf8 import byte_len
from domain.content_type import ContentType


def test_short_output_is_one_chunk_titled_output() -> None:
    chunks = chunk("\n  hello\nworld  \n", ContentType.PLAINTEXT)
    assert [(c.title, c.content) for c in chunks] == [("Output", "hello\nworld")]


def test_blank_line_sections_are_packed_up_to_the_limit_and_titled_by_first_line() -> None:
    sections = [
        f"header {i}\n" + "\n".join(f"row {i}.{j} " + "x" * 80 for j in range(12)) for i in range(8)
    ]
    chunks = chunk("\n\n".join(sections), ContentType.PLAINTEXT)
    assert [c.title for c in chunks] == ["header 0", "header 3", "header 6"]
    assert chunks[0].content == "\n\n".join(sections[:3])
    assert all(byte_len(c.content) <= MAX_CHUNK_BYTES for c in chunks)


def test_small_sections_share_a_chunk() -> None:
    text = "Warning: Argument is deprecated\n\n  with aws_s3_bucket.logs\n\nUse aws_s3_bucket_acl\n"
    chunks = chunk(text + "\n".join(f"line {i}" for i in range(20)), ContentType.PLAINTEXT)
    assert len(chunks) == 1
    assert chunks[0].title == "Warning: Argument is deprecated"


def test_long_output_uses_twenty_line_windows() -> None:
    text = "\n".join(f"line {i}" for i in range(1, 51))
    chunks = chunk(text, ContentType.PLAINTEXT)
    assert [c.title for c in chunks] == ["line 1", "line 21", "line 41"]
    assert chunks[-1].content.endswith("line 50")


def test_a_window_cut_inside_an_indented_block_repeats_two_lines() -> None:
    text = "Traceback:\n" + "\n".join(f"  frame {i}" for i in range(1, 80))
    chunks = chunk(text, ContentType.PLAINTEXT)
    assert chunks[0].content.split("\n")[-2:] == chunks[1].content.split("\n")[:2]


def test_giant_single_line_is_cut_on_character_boundaries() -> None:
    text = "日本語" * 5000  # 3 bytes per character
    chunks = chunk(text, ContentType.PLAINTEXT)
    assert len(chunks) > 1
    assert all(byte_len(c.content) <= MAX_CHUNK_BYTES for c in chunks)
    assert "".join(c.content for c in chunks) == text


def test_titles_are_cut_to_eighty_bytes_without_breaking_characters() -> None:
    sections = ["é" * 100 + "\nrest"] * 3 + ["x\n" * 20]
    chunks = chunk("\n\n".join(sections), ContentType.PLAINTEXT)
    assert byte_len(chunks[0].title) <= 80
    assert chunks[0].title == "é" * 40


def test_crlf_is_normalised() -> None:
    assert chunk("a\r\nb\r\n", ContentType.PLAINTEXT)[0].content == "a\nb"


# Blanks of every kind, for ``_sections``' test of a blank part without its copy.
_SECTION_TEXT = st.text(alphabet="ab \t\n\u00a0\u2028\u3000é", max_size=200)


@given(_SECTION_TEXT, st.integers(1, 40))
def test_sections_are_found_as_the_stripped_parts_were(text: str, max_bytes: int) -> None:
    sections = [s.strip("\n") for s in paragraphs(text) if s.strip()]
    fits = all(byte_len(s) <= max_bytes for s in sections)
    expected = sections if MIN_SECTIONS <= len(sections) <= MAX_SECTIONS and fits else None
    assert _sections(text, max_bytes) == expected


def test_too_many_sections_are_none() -> None:
    assert _sections("a\n\n" * MAX_SECTIONS, 10) == ["a"] * MAX_SECTIONS
    assert _sections("a\n\n" * (MAX_SECTIONS + 1), 10) is None


def _log(lines: int) -> str:
    return "".join(
        f"2025-06-14T10:{i // 60 % 60:02d}:{i % 60:02d}Z INFO  req={i * 7919:012x} "
        f"order {i} accepted for tenant t{i % 97} in {i % 1500} ms\n"
        for i in range(lines)
    )


def test_a_big_log_is_split_into_lines_once() -> None:
    """A log's lines take more memory than its text: chunking held them two times over and a
    copy of the text besides, ~5.6 times the text at the peak; now its lines once and the
    chunks (the result), under 3.5 times."""
    text = _log(12_000)  # ~1 MB, one window after another, no blank line
    tracemalloc.start()
    try:
        tracemalloc.reset_peak()
        before = tracemalloc.get_traced_memory()[0]
        chunks = chunk(text, ContentType.PLAINTEXT)
        peak = tracemalloc.get_traced_memory()[1] - before
    finally:
        tracemalloc.stop()
    assert len(chunks) > 100
    assert peak < 3.5 * len(text)
