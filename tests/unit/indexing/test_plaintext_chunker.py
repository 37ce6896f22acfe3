"""Plaintext: whole output, blank-line sections, line windows; giant lines cut safely."""

from __future__ import annotations

from domain.chunking import MAX_CHUNK_BYTES, chunk
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
