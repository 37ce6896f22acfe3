"""The capture of a stream gives what truncating the whole stream gives, holding far less."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from adapters.sandbox.output_capture import StreamCapture
from domain.execution.truncation import truncate_bytes

_CHUNKS = st.lists(st.binary(max_size=40).map(lambda b: b.replace(b"\r", b"\n")), max_size=30)


@given(_CHUNKS, st.integers(1, 120), st.integers(1, 120))
def test_a_capture_truncates_like_the_whole_stream(
    chunks: list[bytes], keep: int, max_bytes: int
) -> None:
    capture = StreamCapture(keep)
    for chunk in chunks:
        capture.feed(chunk)
    whole = b"".join(chunks)
    limit = min(max_bytes, keep)
    assert capture.result(limit) == truncate_bytes(whole, limit)
    assert capture.total == len(whole)


def test_a_long_stream_holds_about_twice_keep() -> None:
    capture = StreamCapture(1000)
    for i in range(10_000):
        capture.feed(f"line {i:06d}\n".encode() * 5)
    held = len(capture._head) + capture._tail_bytes
    assert held <= 2 * 1000 + 60
    out = capture.result(1000)
    assert out.text.startswith("line 000000\n") and out.text.endswith("line 009999\n")
    assert out.total_bytes == 10_000 * 60


@given(_CHUNKS, st.integers(1, 120), st.lists(st.integers(1, 120), min_size=1, max_size=4))
def test_every_result_of_one_capture_truncates_like_the_whole_stream(
    chunks: list[bytes], keep: int, limits: list[int]
) -> None:
    capture = StreamCapture(keep)
    for chunk in chunks:
        capture.feed(chunk)
    whole = b"".join(chunks)
    for max_bytes in limits:  # the reply's size, then the larger one kept for indexing, …
        limit = min(max_bytes, keep)
        assert capture.result(limit) == truncate_bytes(whole, limit)


def test_a_reply_sized_result_joins_only_the_newest_reads() -> None:
    capture = StreamCapture(100_000)
    for i in range(2_000):
        capture.feed(f"{i:09d}\n".encode() * 100)  # 1 KB reads
    joined: list[int] = []
    newest = capture._newest

    def spy(size: int) -> bytes:
        tail = newest(size)
        joined.append(len(tail))
        return tail

    capture._newest = spy  # type: ignore[method-assign]
    out = capture.result(1_000)
    assert out.text.endswith("000001999\n")
    assert joined == [1_000]
    assert isinstance(capture._head, bytes)  # full: held once, as bytes


@given(_CHUNKS, st.integers(1, 120), st.integers(1, 120))
def test_a_finished_capture_truncates_like_the_whole_stream(
    chunks: list[bytes], keep: int, max_bytes: int
) -> None:
    capture = StreamCapture(keep)
    for chunk in chunks:
        capture.feed(chunk)
    capture.finish()
    limit = min(max_bytes, keep)
    assert capture.result(limit) == truncate_bytes(b"".join(chunks), limit)
