"""Short excerpts of a chunk around where the query matched.

Works on ``str`` (code points), so a cut can never split a UTF-8 sequence; cuts move to the
nearest whitespace when one is close, and ``…`` marks every cut edge.
"""

from __future__ import annotations

from collections.abc import Sequence

from domain.search.tuning import SNIPPET_CONTEXT, SNIPPET_MAX_CHARS

MARK_START = "\x02"
MARK_END = "\x03"
ELLIPSIS = "…"
_SNAP = 24  # how far a cut may move to land on whitespace


def strip_marks(highlighted: str) -> tuple[str, list[int]]:
    """The text without highlight markers, and the offsets where marked spans start."""
    pieces = highlighted.split(MARK_START)
    text = [pieces[0].replace(MARK_END, "")]
    starts: list[int] = []
    length = len(text[0])
    for piece in pieces[1:]:
        starts.append(length)
        clean = piece.replace(MARK_END, "")
        text.append(clean)
        length += len(clean)
    return "".join(text), starts


def _snap_start(content: str, start: int) -> int:
    if start <= 0:
        return 0
    space = content.rfind(" ", max(0, start - _SNAP), start)
    newline = content.rfind("\n", max(0, start - _SNAP), start)
    cut = max(space, newline)
    return cut + 1 if cut >= 0 else start


def _snap_end(content: str, end: int) -> int:
    if end >= len(content):
        return len(content)
    candidates = [i for i in (content.find(" ", end), content.find("\n", end)) if i != -1]
    cut = min(candidates) if candidates else -1
    return cut if 0 <= cut - end <= _SNAP else end


def windows(
    length: int, positions: Sequence[int], context: int = SNIPPET_CONTEXT
) -> list[tuple[int, int]]:
    """Merged ``[start, end)`` windows of ±``context`` around each position, in order."""
    merged: list[tuple[int, int]] = []
    for pos in sorted(set(positions)):
        start, end = max(0, pos - context), min(length, pos + context)
        if merged and start <= merged[-1][1]:
            merged[-1] = (merged[-1][0], max(merged[-1][1], end))
        else:
            merged.append((start, end))
    return merged


def extract_snippet(
    content: str,
    positions: Sequence[int] = (),
    max_chars: int = SNIPPET_MAX_CHARS,
    context: int = SNIPPET_CONTEXT,
) -> str:
    """The whole content when it fits; else windows around ``positions``, at most ``max_chars``
    of content in total; with no positions, the beginning."""
    if len(content) <= max_chars:
        return content
    if not positions:
        end = _snap_end(content, max_chars - _SNAP) if max_chars > _SNAP else max_chars
        return content[: min(end, max_chars)].rstrip() + ELLIPSIS
    pieces: list[str] = []
    budget = max_chars
    last_end = 0
    for start, end in windows(len(content), positions, context):
        if budget <= 0:
            break
        start = max(_snap_start(content, start), last_end)
        end = min(_snap_end(content, end), start + budget)
        piece = content[start:end].strip()
        if not piece:
            continue
        budget -= end - start
        last_end = end
        prefix = ELLIPSIS if start > 0 else ""
        suffix = ELLIPSIS if end < len(content) else ""
        pieces.append(prefix + piece + suffix)
    return "\n\n".join(pieces) if pieces else content[:max_chars] + ELLIPSIS
