"""Wrapping matched spans in FTS5's highlight markers, as the in-memory vault store does."""

from __future__ import annotations

from collections.abc import Iterable

OPEN, CLOSE = "\x02", "\x03"  # the markers FTS5's highlight() is asked to use


def wrap_spans(content: str, spans: Iterable[tuple[int, int]]) -> str:
    """Wrap the merged ``(start, end)`` spans of ``content`` in the highlight markers."""
    merged: list[list[int]] = []
    for start, end in sorted(spans):
        if merged and start <= merged[-1][1]:
            merged[-1][1] = max(merged[-1][1], end)
        else:
            merged.append([start, end])
    if not merged:
        return content
    pieces, cursor = [], 0
    for start, end in merged:
        pieces += [content[cursor:start], OPEN, content[start:end], CLOSE]
        cursor = end
    pieces.append(content[cursor:])
    return "".join(pieces)
