"""Tables that fit the terminal without breaking what a person copies out of them.

A table has two sorts of column. An *identifying* column (a session id, a source label, a date,
a count, a size) is what a person reads exactly or pastes into the next command: it never
shrinks, wraps or ends in ``…``. A *descriptive* column (a title, a project path, a snippet)
gives way: it ends in ``…`` (``overflow="ellipsis"``) or folds onto more lines
(``overflow="fold"``), down to a few cells.

rich would otherwise narrow every column alike once a table is wider than the terminal — an
id became ``5…`` and a label a stack of 9-character fragments. Here the widths are worked out
first: the identifying columns get their whole width and the descriptive ones share the rest.
When even that does not fit (a 66-character session label on a 60-column terminal) the table
becomes records: the first value alone on a line, never cut, and the others as ``header value``
folded on an indented line below.
Off a terminal the console is unbounded (``console.stdout_console``): everything is whole.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

import attrs
from rich.cells import cell_len
from rich.console import Console
from rich.table import Table
from rich.text import Text

Cell = str | Text
Justify = Literal["left", "right", "center"]
Overflow = Literal["ellipsis", "fold"]

# A descriptive column never gets fewer cells than this (or its widest value, when narrower).
MIN_DESCRIPTIVE = 8
INDENT = "    "


@attrs.frozen
class FitColumn:
    """One column: ``identifying`` never gives way; a descriptive one ends in ``…`` or folds.

    ``max_width`` caps a descriptive column even on a wide terminal (a project path need not
    take half the screen) and ``min_width`` is as far as it gives way (a snippet folded into
    a few letters a line reads worse than a record); ``style`` applies to the whole column."""

    header: str
    identifying: bool = False
    justify: Justify = "left"
    overflow: Overflow = "ellipsis"
    max_width: int | None = None
    min_width: int = MIN_DESCRIPTIVE
    style: str = ""


def fitted_table(
    columns: Sequence[FitColumn],
    rows: Sequence[Sequence[Cell]],
    width: int,
    **table_options: object,
) -> Table | list[Text]:
    """A rich ``Table`` whose identifying columns are whole at ``width`` cells, or the rows as
    records (lines to print) when they cannot be (see the module docstring).
    ``table_options`` go to ``Table`` (box, show_edge, pad_edge, header_style, …)."""
    table = Table(**table_options)  # type: ignore[arg-type]
    for column in columns:
        table.add_column(column.header, justify=column.justify, style=column.style or None)
    natural = [
        max([cell_len(column.header), *(_width(row[i]) for row in rows)])
        for i, column in enumerate(columns)
    ]
    overhead = table._extra_width + sum(table._get_padding_width(i) for i in range(len(columns)))
    fixed = sum(n for n, c in zip(natural, columns, strict=True) if c.identifying)
    wanted = [
        natural[i] if c.max_width is None else min(natural[i], c.max_width)
        for i, c in enumerate(columns)
    ]
    floors = [
        wanted[i] if c.identifying else min(wanted[i], c.min_width) for i, c in enumerate(columns)
    ]
    if overhead + sum(floors) > width:
        return _records(columns, rows, width)
    widths = _share(columns, floors, wanted, width - overhead - fixed)
    for laid, spec, cells in zip(table.columns, columns, widths, strict=True):
        laid.width = cells
        laid.no_wrap = spec.identifying or spec.overflow == "ellipsis"
        laid.overflow = "ellipsis" if spec.identifying else spec.overflow
    for row in rows:
        table.add_row(*row)
    return table


def _width(value: Cell) -> int:
    text = value.plain if isinstance(value, Text) else value
    return max((cell_len(line) for line in text.splitlines()), default=0)


def _share(
    columns: Sequence[FitColumn], floors: list[int], wanted: list[int], room: int
) -> list[int]:
    """Identifying columns keep ``wanted`` (their floor); the descriptive ones start at their
    floor and share the room left in equal steps, each up to its wanted width."""
    widths = list(floors)
    room -= sum(widths[i] for i, c in enumerate(columns) if not c.identifying)
    open_ = [i for i, c in enumerate(columns) if not c.identifying]
    while room > 0:
        short = [i for i in open_ if widths[i] < wanted[i]]
        if not short:
            break
        # Fair shares: every short column grows by the same step, the last one by what is left.
        step = max(room // len(short), 1)
        for i in short:
            grow = min(step, wanted[i] - widths[i], room)
            widths[i] += grow
            room -= grow
            if room <= 0:
                break
    return widths


def _records(
    columns: Sequence[FitColumn], rows: Sequence[Sequence[Cell]], width: int
) -> list[Text]:
    """Each row as its first value (what names it) alone on a line, never cut (``no_wrap``),
    then every other value as ``header value`` on indented lines below, ``·`` between them;
    a line breaks between values, never inside one that identifies."""
    lines: list[Text] = []
    for row in rows:
        head = _text(row[0])
        head.stylize("bold")
        head.no_wrap = True
        lines.append(head)
        items = [
            Text.assemble((c.header.lower(), "dim"), " ", _text(value)) if c.header else value
            for value, c in zip(row[1:], columns[1:], strict=True)
            if _width(value)
        ]
        line = Text(INDENT)
        for item in items:
            joined = cell_len(line.plain) > len(INDENT)
            if joined and cell_len(line.plain) + 3 + _width(item) > width:
                lines.append(line)
                line = Text(INDENT)
                joined = False
            line.append_text(Text.assemble(" · " if joined else "", item))
        if line.plain.strip():
            lines.append(line)
    return lines


def _text(value: Cell) -> Text:
    return value.copy() if isinstance(value, Text) else Text(value)


def print_fitted(
    console: Console,
    columns: Sequence[FitColumn],
    rows: Sequence[Sequence[Cell]],
    **table_options: object,
) -> None:
    """``fitted_table`` at the console's width, printed; a record's first line is never cut,
    even when it is wider than the terminal (the terminal wraps it, a copy is whole)."""
    laid = fitted_table(columns, rows, console.width, **table_options)
    if isinstance(laid, Table):
        console.print(laid, soft_wrap=False)
        return
    for line in laid:
        console.print(line, crop=not line.no_wrap, soft_wrap=bool(line.no_wrap))
