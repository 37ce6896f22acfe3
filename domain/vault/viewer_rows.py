"""Laying viewer entries out as rows: one row is exactly one terminal line.

Everything that scrolls, jumps to a marker or to a search hit counts rows and terminal lines
as the same thing, so no row may hold a line break: bodies are split on their lines and
wrapped to the width, marker labels are flattened to one line, tabs are expanded and other
control characters replaced. A row's text never needs more than ``width`` columns (a wide
character may still make the terminal cut it; it never makes it wrap).
"""

from __future__ import annotations

import re
import textwrap
from collections.abc import Iterable, Sequence
from enum import StrEnum

import attrs

from domain.vault.viewer import EntryKind, ViewerEntry, one_line

INDENT = "  "
ROLE_LABELS = {"user": "You", "assistant": "Claude", "tool": "Tool result", "system": "System"}
MARKER_GLYPH = "▸"
# Control characters (C0, DEL, C1 — an escape sequence in a tool's output must not reach the
# terminal) and Unicode line and paragraph separators.
_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f\u2028\u2029]")


class RowStyle(StrEnum):
    HEADER = "header"
    BODY = "body"
    MARKER = "marker"
    ADDED = "added"
    REMOVED = "removed"
    HUNK = "hunk"
    FILE = "file"
    BLANK = "blank"


@attrs.frozen
class Row:
    """``entry``: the index of the entry the row belongs to (-1 for none); ``marker``: the
    marker's number among the layout's markers, on a marker's row."""

    text: str
    style: RowStyle
    role: str = ""
    entry: int = -1
    marker: int | None = None


@attrs.frozen
class Layout:
    rows: tuple[Row, ...]
    marker_rows: tuple[int, ...]  # the row of each marker, in order
    entry_rows: dict[int, int]  # entry index → its first row

    def row_of_line(self, entries: Sequence[ViewerEntry], line_index: int) -> int:
        """The first row of the first shown entry at or after a transcript line (a hit)."""
        for n, entry in enumerate(entries):
            if entry.line_index >= line_index and n in self.entry_rows:
                return self.entry_rows[n]
        return max(len(self.rows) - 1, 0)


def clean(line: str) -> str:
    return _CONTROL.sub("�", line.expandtabs(4).replace("\r", ""))


def wrap(text: str, width: int) -> list[str]:
    """``text``'s lines, each wrapped to ``width`` characters (long words broken)."""
    width = max(width, 8)
    out: list[str] = []
    for raw in text.split("\n"):
        line = clean(raw)
        if len(line) <= width:
            out.append(line)
            continue
        out.extend(textwrap.wrap(line, width, break_on_hyphens=False, expand_tabs=False) or [""])
    return out


def layout(
    entries: Sequence[ViewerEntry], width: int, *, hidden_roles: Iterable[str] = ()
) -> Layout:
    """Rows for ``entries`` at ``width`` columns; entries of ``hidden_roles`` are left out."""
    hidden = frozenset(hidden_roles)
    rows: list[Row] = []
    markers: list[int] = []
    starts: dict[int, int] = {}
    body_width = width - len(INDENT)
    for n, entry in enumerate(entries):
        if entry.role in hidden:
            continue
        starts[n] = len(rows)
        if entry.is_marker:
            prefix = f"{INDENT}{MARKER_GLYPH} "
            text = prefix + one_line(entry.label, max(width - len(prefix), 8))
            rows.append(Row(text, RowStyle.MARKER, entry.role, n, len(markers)))
            markers.append(len(rows) - 1)
        else:
            label = ROLE_LABELS.get(entry.role, entry.role)
            rows.append(Row(label, RowStyle.HEADER, entry.role, n))
            rows.extend(
                Row(INDENT + line, RowStyle.BODY, entry.role, n)
                for line in wrap(entry.text, body_width)
            )
        rows.append(Row("", RowStyle.BLANK, entry.role, n))
    return Layout(tuple(rows), tuple(markers), starts)


def opened_layout(entry: ViewerEntry, width: int) -> Layout:
    """The rows of what a collapsed marker opens (its label is the screen's title): a diff,
    coloured by line, or the body."""
    rows: list[Row] = []
    if entry.kind is EntryKind.DIFF:
        for line in entry.text.split("\n"):
            style = _diff_style(line)
            rows.extend(Row(piece, style, entry.role, 0) for piece in wrap(line, width))
    else:
        rows.extend(Row(line, RowStyle.BODY, entry.role, 0) for line in wrap(entry.text, width))
    return Layout(tuple(rows), (), {0: 0})


def _diff_style(line: str) -> RowStyle:
    if line.startswith(("--- ", "+++ ")):
        return RowStyle.FILE
    if line.startswith("@@"):
        return RowStyle.HUNK
    if line.startswith("+"):
        return RowStyle.ADDED
    if line.startswith("-"):
        return RowStyle.REMOVED
    return RowStyle.BODY
