"""The sections of a command's output, found by the header lines tools print.

Tools mark where one part of their output ends and the next begins, each in its own way, and
an agent asks about those parts: a test (``____ test_total ____``, ``● totals › net total``),
a commit (``commit 3a2c36f…`` and its subject), a file of a diff (``diff --git a/x b/x``) or a
hunk (``@@ … @@ def f``), a diagnostic (``E401 Multiple imports`` above ``--> cart.py:1:1``), a
file of a linter report (``/src/customer.ts`` above ``  21:3  error …``), a command of a
session (``$ mypy .``, ``shop=# EXPLAIN …``, with a ``-- name`` comment above it), a block of
a report (``=== short test summary info ===``, ``⎯⎯ Failed Tests 5 ⎯⎯``).

Kinds nest in the order they first appear (``$ pytest`` holds ``=== FAILURES ===``, which holds
``____ test_x ____``). An output too big for one chunk is cut at its outermost headers, and a
section still too big at the next ones inside it; each section is titled by its headers'
breadcrumb (``$ pytest -q > FAILURES > test_total_with_coupon_and_tax``), so the title says
what the section is and search can match it.
"""

from __future__ import annotations

from collections.abc import Callable

import attrs

from domain.chunk import Chunk
from domain.chunking.output_headers import SUMMARY_KIND, Header, find_headers, next_text
from domain.chunking.utf8 import byte_len, truncate_bytes

SECTION_TITLE_MAX_BYTES = 160
PART_TITLE_MAX_BYTES = 100
MIN_HEADERS = 2
_SEPARATOR = " > "


@attrs.define
class _Node:
    header: Header | None
    start: int
    end: int
    depth: int
    children: list[_Node] = attrs.field(factory=list)


def _tree(headers: list[Header], total: int) -> _Node:
    depth_of: dict[str, int] = {}
    for header in headers:
        if header.kind != SUMMARY_KIND:
            depth_of.setdefault(header.kind, len(depth_of) + 1)
    # A run's closing counts end everything inside the command they belong to.
    depth_of[SUMMARY_KIND] = 2 if depth_of.get("prompt") == 1 else 1
    root = _Node(None, 0, total, 0)
    stack = [root]
    for header in headers:
        depth = depth_of[header.kind]
        while stack[-1].depth >= depth:
            stack.pop().end = header.line
        node = _Node(header, header.line, total, depth)
        stack[-1].children.append(node)
        stack.append(node)
    return root


def _part(title: str) -> str:
    return truncate_bytes(" ".join(title.split()), PART_TITLE_MAX_BYTES).strip()


def _breadcrumb(parts: list[str]) -> str:
    """``a > b > c`` within the title limit, dropping middle parts before cutting the last."""
    shown = [p for p in parts if p]
    while len(shown) > 2 and byte_len(_SEPARATOR.join(shown)) > SECTION_TITLE_MAX_BYTES:
        shown.pop(1 if len(shown) > 2 else 0)
    return truncate_bytes(_SEPARATOR.join(shown), SECTION_TITLE_MAX_BYTES).strip()


Split = Callable[[str, str, int], list[Chunk]]


def _text(lines: list[str], start: int, end: int) -> str:
    return "\n".join(lines[start:end]).strip("\n")


@attrs.frozen
class _Emitter:
    """Turns the section tree of one output into chunks."""

    lines: list[str]
    split: Split
    max_bytes: int

    def emit(self, node: _Node, trail: list[str], carried: str = "") -> list[Chunk]:
        """``node`` whole when it fits, else its preamble and each child on its own; ``carried``
        is a parent's header line with nothing under it, which starts the first child."""
        lines = self.lines
        text = _text(lines, node.start, node.end)
        if carried:
            text = f"{carried}\n{text}"
        title = _breadcrumb(trail)
        if not node.children or byte_len(text) <= self.max_bytes:
            lone_separator = node.header is not None and node.header.separator
            if not text.strip() or (lone_separator and "\n" not in text.strip()):
                return []  # nothing, or a separator with no item after it
            return self.split(text, title, self.max_bytes)
        chunks: list[Chunk] = []
        first = node.children[0]
        preamble = _text(lines, node.start, first.start)
        if carried:
            preamble = f"{carried}\n{preamble}" if preamble.strip() else carried
        header_only = node.header is not None and preamble.strip() == lines[node.start].strip()
        if preamble.strip() and not header_only:
            chunks.extend(self.split(preamble, self._preamble_title(node, trail), self.max_bytes))
            preamble = ""
        for child in node.children:
            assert child.header is not None
            chunks.extend(self.emit(child, [*trail, _part(child.header.title)], preamble))
            preamble = ""
        return chunks

    def _preamble_title(self, node: _Node, trail: list[str]) -> str:
        """The section's title; when its children are items between separators, the text
        before the first separator is an item too, titled by its first line."""
        first = node.children[0].header
        if first is not None and first.separator:
            opening = next_text(self.lines, node.start + (0 if node.header is None else 1))
            if opening is not None:
                return _breadcrumb([*trail, _part(opening[1])])
        return _breadcrumb(trail)


def chunk_sections(
    lines: list[str], split: Split, max_bytes: int, text: str | None = None
) -> list[Chunk] | None:
    """Chunks of the text of ``lines`` cut at its section headers, or None when it has fewer
    than two. ``text``: the text the lines were split from, when the caller has it.

    ``split(text, title, max_bytes)`` chunks one section that has no headers left inside it
    (or that fits as a whole).
    """
    headers = find_headers(lines, text)
    if len(headers) < MIN_HEADERS and not (headers and headers[-1].kind == SUMMARY_KIND):
        return None
    return _Emitter(lines, split, max_bytes).emit(_tree(headers, len(lines)), [])
