"""Keeping the start and the end of a long output, cut on line boundaries.

About 60 % of the budget goes to the head and 40 % to the tail. A line longer than its share is
cut, never kept whole, and never in the middle of a UTF-8 character. The marker says how many
lines and kilobytes were left out.
"""

from __future__ import annotations

from domain.execution.run import StreamOutput
from domain.long_text import utf8_encode, utf8_length

HEAD_SHARE = 0.6


def _char_start_back(data: bytes, pos: int) -> int:
    while 0 < pos < len(data) and (data[pos] & 0xC0) == 0x80:
        pos -= 1
    return pos


def _char_start_forward(data: bytes, pos: int) -> int:
    while pos < len(data) and (data[pos] & 0xC0) == 0x80:
        pos += 1
    return pos


def _decode(data: bytes | memoryview) -> str:
    return str(data, "utf-8", "replace")


def truncate_stream(
    head: bytes, tail: bytes, total_bytes: int, total_newlines: int, max_bytes: int
) -> StreamOutput:
    """Truncate a stream known by its first bytes, its last bytes and its totals.

    ``head`` holds at least the first ``max_bytes`` bytes (or the whole stream when shorter);
    ``tail`` at least the last ``max_bytes`` bytes. Only these are ever held in memory, and
    the parts kept are decoded straight from them (no copy of megabytes of output is made on
    the way to the text).
    """
    if total_bytes <= max_bytes:
        return StreamOutput(_decode(memoryview(head)[:total_bytes]), total_bytes, total_bytes)
    head_budget = int(max_bytes * HEAD_SHARE)
    tail_budget = max_bytes - head_budget
    cut = head.rfind(b"\n", 0, head_budget)
    head_end = min(cut + 1 if cut >= 0 else _char_start_back(head, head_budget), len(head))
    window = max(len(tail) - tail_budget, 0) if tail_budget else len(tail)
    start = tail.find(b"\n", window)
    found = 0 <= start < len(tail) - 1
    tail_start = start + 1 if found else _char_start_forward(tail, window)
    head_part = memoryview(head)[:head_end]
    tail_part = memoryview(tail)[tail_start:]
    kept = len(head_part) + len(tail_part)
    skipped_bytes = total_bytes - kept
    head_lines = head.count(b"\n", 0, head_end)
    tail_lines = tail.count(b"\n", tail_start) + (1 if tail_part and tail[-1:] != b"\n" else 0)
    skipped_lines = max(0, total_newlines + 1 - head_lines - tail_lines)
    if total_newlines == 0:
        marker = (
            f"\n… [{skipped_bytes / 1024:.1f} KB cut from the middle of one "
            f"{total_bytes / 1024:.1f} KB line] …\n"
        )
        return StreamOutput(
            "".join((_decode(head_part), marker, _decode(tail_part))), total_bytes, kept
        )
    marker = (
        f"\n… [{skipped_lines} lines / {skipped_bytes / 1024:.1f} KB cut — showing the first "
        f"{head_lines} and last {tail_lines} lines] …\n"
    )
    if head_end and head[head_end - 1 : head_end] != b"\n":
        marker = "\n" + marker.lstrip("\n")
    return StreamOutput(
        "".join((_decode(head_part), marker, _decode(tail_part))), total_bytes, kept
    )


def truncate_bytes(data: bytes, max_bytes: int) -> StreamOutput:
    """Truncate a whole buffer (tests, small outputs)."""
    return truncate_stream(data, data, len(data), data.count(b"\n"), max_bytes)


def truncate_text(text: str, max_bytes: int) -> StreamOutput:
    """Truncate decoded text to ``max_bytes`` of UTF-8 (plus the marker), head and tail kept.
    A text that fits and holds no lone surrogate is ``text`` itself, not a copy decoded from
    its bytes (the same characters: its bytes decode back to it)."""
    try:
        size = utf8_length(text)
    except UnicodeEncodeError:
        size = max_bytes + 1  # a lone surrogate: ``replace`` turns it into ``?``
    if size <= max_bytes:
        return StreamOutput(text, size, size)
    return truncate_bytes(utf8_encode(text, errors="replace"), max_bytes)
