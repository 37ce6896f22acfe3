"""Truncating from held buffers gives exactly the text of cutting copies of them."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from domain.execution.run import StreamOutput
from domain.execution.truncation import (
    HEAD_SHARE,
    _char_start_back,
    _char_start_forward,
    truncate_stream,
)


def _decode(data: bytes) -> str:
    return data.decode("utf-8", errors="replace")


# The straightforward version (slices copied, then decoded), kept as the reference.
def _reference(
    head: bytes, tail: bytes, total_bytes: int, total_newlines: int, max_bytes: int
) -> StreamOutput:
    if total_bytes <= max_bytes:
        data = head[:total_bytes]
        return StreamOutput(_decode(data), total_bytes, total_bytes)
    head_budget = int(max_bytes * HEAD_SHARE)
    tail_budget = max_bytes - head_budget
    window = head[:head_budget]
    cut = window.rfind(b"\n")
    head_part = window[: cut + 1] if cut >= 0 else head[: _char_start_back(head, head_budget)]
    window = tail[-tail_budget:] if tail_budget else b""
    start = window.find(b"\n")
    if 0 <= start < len(window) - 1:
        tail_part = window[start + 1 :]
    else:
        tail_part = window[_char_start_forward(window, 0) :]
    kept = len(head_part) + len(tail_part)
    skipped_bytes = total_bytes - kept
    head_lines = head_part.count(b"\n")
    tail_lines = tail_part.count(b"\n") + (1 if tail_part and not tail_part.endswith(b"\n") else 0)
    skipped_lines = max(0, total_newlines + 1 - head_lines - tail_lines)
    if total_newlines == 0:
        marker = (
            f"\n… [{skipped_bytes / 1024:.1f} KB cut from the middle of one "
            f"{total_bytes / 1024:.1f} KB line] …\n"
        )
        return StreamOutput(_decode(head_part) + marker + _decode(tail_part), total_bytes, kept)
    marker = (
        f"\n… [{skipped_lines} lines / {skipped_bytes / 1024:.1f} KB cut — showing the first "
        f"{head_lines} and last {tail_lines} lines] …\n"
    )
    if not head_part.endswith(b"\n") and head_part:
        marker = "\n" + marker.lstrip("\n")
    return StreamOutput(_decode(head_part) + marker + _decode(tail_part), total_bytes, kept)


_STREAM = st.binary(max_size=300).map(lambda b: b.replace(b"\x00", b"\n"))


@given(_STREAM, st.integers(1, 200), st.booleans())
def test_the_same_text_as_cutting_copies(data: bytes, max_bytes: int, utf8: bool) -> None:
    if utf8:
        data = data.decode("latin-1").encode()  # multi-byte characters to cut around
    args = (data, data, len(data), data.count(b"\n"), max_bytes)
    assert truncate_stream(*args) == _reference(*args)


@given(_STREAM, st.integers(1, 200), st.integers(0, 100))
def test_the_same_text_from_a_head_and_a_tail(data: bytes, max_bytes: int, extra: int) -> None:
    keep = max_bytes + extra
    args = (data[:keep], data[-keep:], len(data), data.count(b"\n"), max_bytes)
    assert truncate_stream(*args) == _reference(*args)
