"""The header of the column-aligned table an output is (``kubectl get``, ``docker ps``, ``ps``,
``df``, ``pip list``), and its rows as an intent reply shows them; the header line of a
delimited table (a CSV or TSV file, ``psql --csv``, ``mlr``) inside a text.

A row of such a table (``api-7d9f83c-nch2v   0/1   ImagePullBackOff   0   13d``) is unreadable
without the column names above it, and the rows next to it explain nothing about it: a reply
shows the header line once, then the matching rows in the order the table has them.
"""

from __future__ import annotations

import csv
import itertools
import re
from collections.abc import Iterable, Iterator, Sequence

from domain.long_text import piece_lines
from domain.precompiled import precompiled
from domain.search.snippet import ELLIPSIS

# Cells of a text table are set apart by two or more spaces or a tab (one space separates the
# words inside a cell: ``CONTAINER ID``, ``NOMINATED NODE``).
_CELL_GAP = precompiled(r" {2,}|\t")
_RULE = precompiled(r"^[-=─\s]+$")  # the dashes ``pip list`` prints under its header
MIN_COLUMNS = 3
MIN_ROWS = 3
# Rows may leave trailing cells empty (``docker ps`` without ports): a row counts as aligned when
# it has at least all but one of the header's cells; most rows must be.
ALIGNED_SHARE = 0.8


def _cells(line: str) -> list[str]:
    return [cell for cell in _CELL_GAP.split(line.strip()) if cell]


def _names_columns(cells: Sequence[str]) -> bool:
    """Header cells name columns: each holds a letter, none is a number, date or address."""
    return all(
        any(c.isalpha() for c in cell) and not any(c.isdigit() for c in cell) for cell in cells
    )


# A delimited table's header line: three or more names (a letter or ``_`` first, single spaces
# inside, quoted or not) set apart by one comma or one tab and nothing else. Searched from the
# newline before a line (``re`` scans for a pattern's first character in C).
_NAME = r'"?[A-Za-z_][\w.-]*(?: [\w.-]+)*"?'
_DELIMITED_HEADER = precompiled(rf"\n({_NAME}([,\t]){_NAME}(?:\2{_NAME})+)(?=\n)")


def delimited_header(text: str) -> str | None:
    """The delimiter (``,`` or a tab) of the first delimited table in ``text``: a header line of
    names followed by at least ``MIN_ROWS`` lines with as many fields (a CSV's quoting read as
    CSV reads it); ``None`` when ``text`` holds none."""
    padded = "\n" + text + "\n"
    for match in _DELIMITED_HEADER.finditer(padded):
        header, delimiter = match.group(1), match.group(2)
        following = padded[match.end() + 1 :].split("\n", MIN_ROWS)[:MIN_ROWS]
        if len(following) < MIN_ROWS:
            continue
        widths = {len(row) for row in csv.reader([header, *following], delimiter=delimiter)}
        if len(widths) == 1:
            return delimiter
    return None


def table_header(output: str) -> str | None:
    """The header line (with the rule under it, if any) when ``output`` is a column-aligned
    table of at least ``MIN_ROWS`` rows, else ``None``. The lines are read one at a time: a
    10 MB log's list of lines was ~15 MB held for an answer its first line gives."""
    lines = kept_lines(output)
    first = next(lines, None)
    if first is None:
        return None
    header = _cells(first)
    if len(header) < MIN_COLUMNS or not _names_columns(header):
        return None
    head = [first.strip()]
    second = next(lines, None)
    rows: Iterator[str] = lines
    if second is not None and _RULE.match(second):
        head.append(second.strip())
    elif second is not None:
        rows = itertools.chain((second,), lines)
    count = aligned = 0
    for row in rows:
        count += 1
        aligned += len(_cells(row)) >= len(header) - 1
    if count < MIN_ROWS:
        return None
    return "\n".join(head) if aligned >= ALIGNED_SHARE * count else None


def kept_lines(output: str | Iterable[str], slice_chars: int | None = None) -> Iterator[str]:
    """``line.rstrip()`` of each of ``output.splitlines()`` that is not blank, in order, read a
    slice of the text at a time; ``output`` may be given in pieces (the text is their join)."""
    for line in piece_lines((output,) if isinstance(output, str) else output, slice_chars):
        if line.strip():
            yield line.rstrip()


def table_rows(output: str | Iterable[str], header: str, snippets: Sequence[str]) -> str:
    """``header``, then every row of ``output`` that one of ``snippets`` shows, in the table's
    order, with ``…`` where rows were left out; the columns aligned again to the widths of the
    rows shown (``_realigned``). ``output`` may be given in pieces: its lines are read one at a
    time and only the header's and the shown rows are kept (a 10 MB table's list of lines, and
    of rows, was ~30 MB held for a reply of a few rows)."""
    wanted = {line for snippet in snippets for line in snippet.splitlines()}
    heading = len(header.splitlines())
    head_lines: list[str] = []
    first: dict[str, tuple[int, str]] = {}  # a row shown: where it first is, and its line
    count = 0
    for number, line in enumerate(kept_lines(output)):
        count = number + 1
        if number < heading:
            head_lines.append(line)
        row = line.strip()
        if row in wanted and row not in first:
            first[row] = (number, line)
    shown = sorted(found for found in set(first.values()) if found[0] >= heading)
    aligned = _realigned(head_lines, [line for _, line in shown])
    if aligned is None:
        head, body = header, [line.strip() for _, line in shown]
    else:
        head, body = "\n".join(aligned[:heading]), aligned[heading:]
    parts = [head]
    previous = heading - 1
    for (number, _), row in zip(shown, body, strict=True):
        if number > previous + 1:
            parts.append(ELLIPSIS)
        parts.append(row)
        previous = number
    if previous < count - 1:
        parts.append(ELLIPSIS)
    return "\n".join(parts)


def _realigned(header: Sequence[str], rows: Sequence[str]) -> list[str] | None:
    """The ``header`` lines and ``rows`` with each column as wide as its widest cell among them, two
    spaces apart: a table pads every column to its widest value in the whole output (one long
    image name widens every row by forty spaces), which the rows shown need not be. Columns are
    where the header's cells start; ``None`` (the rows stay as they were) for a tab-separated
    table and when a row has text across one of those starts (a right-aligned number wider
    than its column's name)."""
    if any("\t" in line for line in (*header, *rows)):
        return None
    starts = [match.end() for match in re.finditer(r"(?:^|  |\t)(?=\S)", header[0])]
    table = [*header, *rows]
    if any(0 < start < len(line) and line[start - 1] != " " for line in table for start in starts):
        return None
    cells = [
        [line[start:end].strip() for start, end in zip(starts, [*starts[1:], None], strict=True)]
        for line in table
    ]
    widths = [max(len(row[column]) for row in cells) for column in range(len(starts))]
    return [
        "  ".join(cell.ljust(width) for cell, width in zip(row, widths, strict=True)).rstrip()
        for row in cells
    ]
