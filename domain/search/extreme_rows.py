"""The row of a section's table that holds the most (or the least) of a column a question names.

"Which resource manager wrote the most WAL records" over ``pg_waldump --stats``, "peak heap
usage" over ms_print's snapshot table: the question's words name a column (``Record size``,
``useful-heap(B)``), so the lines that match it are the table's header; the answer is the row
holding that column's largest value, far below the header and holding none of the question's
words. A snippet showed the header and left the answer out. Here a question asking for the
largest or the smallest (``most``, ``peak``, ``least``…) finds, under each header naming a
column with one of its words, the rows holding that column's extreme value; ``best_lines``
weighs them as the header and a little more, so a snippet shows the row.

A header is a line of at least ``MIN_COLUMNS`` cells (set apart by two spaces or more), none
holding a digit; its rows are the lines under it (a rule of dashes skipped) of at least
``MIN_COLUMNS`` cells, up to the first line that is not one. A number belongs to the column
whose header cell stands above it (tables align their numbers right or left, under the name).
Each table has its extreme; where one section holds several under the same header (ms_print
repeats its header between snapshots, ``top`` run twice prints two tables), the rows holding
the extreme of them all weigh more. A row naming a total (``Total`` first, strace's ``total``
last) is not a candidate, nor are the rows under a rule that closes the rows: a total is the
largest of its column by construction. When more than ``MAX_TIED`` rows share the extreme
value it singles nothing out, and no row is shown for it. Numbers with a unit (``12Mi``,
``3.2GB``) are not compared.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from operator import itemgetter

import attrs

from domain.precompiled import precompiled
from domain.search.matching import TermGroups

_MOST = frozenset(
    ["most", "largest", "biggest", "highest", "greatest", "heaviest", "max", "maximum", "peak"]
)
_LEAST = frozenset(["least", "fewest", "smallest", "lowest", "min", "minimum"])
_WORD = precompiled(r"[a-z]+")
_CELL = precompiled(r"\S+(?: \S+)*")  # cells: set apart by two spaces or more
_TOKEN = precompiled(r"\S+")
_RULE = precompiled(r"^[-=─\s]+$")
_NUMBER = precompiled(r"-?(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?")
_TOTALS = frozenset(["total", "totals", "sum", "all", "overall"])  # first in a row
_TOTAL_WORDS = frozenset(["total", "totals"])  # anywhere in a row
MIN_COLUMNS = 3
MAX_TIED = 3

Names = Callable[[str], bool]  # whether a header cell holds one of the question's words


@functools.lru_cache(maxsize=64)
def extreme_asked(query: str) -> int:
    """``1`` when ``query`` asks for the largest of something, ``-1`` for the smallest, else
    ``0`` (both, or neither); asked once per search, not once per result."""
    words = set(_WORD.findall(query.lower()))
    most, least = bool(words & _MOST), bool(words & _LEAST)
    return 0 if most == least else (1 if most else -1)


def _cells(line: str) -> list[tuple[int, int, str]]:
    return [(m.start(), m.end(), m.group()) for m in _CELL.finditer(line)]


def _is_header(cells: Sequence[tuple[int, int, str]]) -> bool:
    return len(cells) >= MIN_COLUMNS and not any(c.isdigit() for _, _, text in cells for c in text)


def _value(token: str) -> float | None:
    bare = token.strip("()[]").rstrip("%,")
    if _NUMBER.fullmatch(bare) is None:
        return None
    return float(bare.replace(",", ""))


def _named_columns(cells: Sequence[tuple[int, int, str]], names: Names) -> list[tuple[int, int]]:
    """The spans of the header cells ``names`` holds (strace's ``% time`` comes first)."""
    return [(start, end) for start, end, text in cells if names(text)]


def _under(row: str, span: tuple[int, int]) -> list[float]:
    """The numbers of ``row`` standing under the header cell at ``span``, in order: a cell may
    name two columns, one word each (ms_print's ``useful-heap(B) extra-heap(B)``)."""
    return [
        value
        for m in _TOKEN.finditer(row)
        if m.start() < span[1] and span[0] < m.end() and (value := _value(m.group())) is not None
    ]


def _is_total(row: str) -> bool:
    words = [word.strip(":").lower() for word in row.split()]
    return words[0] in _TOTALS or any(word in _TOTAL_WORDS for word in words)


@attrs.frozen
class _Table:
    header: int  # its header's line number
    columns: list[tuple[int, int]]  # the spans of the header cells the question names
    rows: list[int]  # its rows' line numbers, a total's left out


def _tables(lines: Sequence[str], names: Names) -> list[_Table]:
    """Each table under a header naming a column, in order."""
    tables: list[_Table] = []
    number = 0
    while number < len(lines):
        cells = _cells(lines[number])
        columns = _named_columns(cells, names) if _is_header(cells) else []
        if not columns:
            number += 1
            continue
        table = _Table(number, columns, [])
        tables.append(table)
        number += 1
        while number < len(lines):
            cells = _cells(lines[number])
            if _RULE.match(lines[number]):
                if table.rows:
                    break  # a rule under the rows: what follows is their total
                number += 1
                continue
            if len(cells) < MIN_COLUMNS or _is_header(cells):
                break  # the table ends; another header starts its own
            if not _is_total(lines[number]):
                table.rows.append(number)
            number += 1
    return tables


def _extremes(lines: Sequence[str], table: _Table, direction: int) -> list[tuple[float, set[int]]]:
    """For each column of ``table`` the question names (each number's place in a cell naming
    two), its extreme value (times ``direction``: the largest is the one asked for) and the
    rows holding it, when at least two rows have a value and at most ``MAX_TIED`` hold it."""
    found: list[tuple[float, set[int]]] = []
    for column in table.columns:
        under = [(row, _under(lines[row], column)) for row in table.rows]
        for place in range(max((len(values) for _, values in under), default=0)):
            values = [(direction * v[place], row) for row, v in under if len(v) > place]
            if len(values) < 2:
                continue  # one row: nothing to compare it with
            best = max(value for value, _ in values)
            tied = {row for value, row in values if value == best}
            if len(tied) <= MAX_TIED:
                found.append((best, tied))
    return found


def extreme_rows(lines: Sequence[str], names: Names, direction: int) -> dict[int, tuple[int, bool]]:
    """The numbers of the ``lines`` (a section's, unstripped: columns are read by position)
    holding the largest (``direction`` 1) or smallest (-1) value of a column whose header cell
    ``names`` holds, each with its header's line number and whether it is the extreme of every
    table under that header in the section (ms_print repeats its header between snapshots,
    ``top`` run twice prints two tables); none when ``direction`` is 0."""
    if not direction:
        return {}
    tables = _tables(lines, names)
    extremes = [(table, _extremes(lines, table, direction)) for table in tables]
    overall: dict[tuple[str, int], float] = {}  # by header text and column: the extreme
    for table, found in extremes:
        for index, (value, _) in enumerate(found):
            key = (lines[table.header].strip(), index)
            overall[key] = max(value, overall.get(key, value))
    rows: dict[int, tuple[int, bool]] = {}
    for table, found in extremes:
        for index, (value, tied) in enumerate(found):
            everywhere = value == overall[lines[table.header].strip(), index]
            for row in tied:
                rows[row] = (table.header, everywhere or rows.get(row, (0, False))[1])
    return rows


Window = tuple[float, float, int, int]  # score, term score, line, start (``best_lines``)


def with_extremes(
    ranked: list[Window],
    raw: Sequence[str],
    groups: TermGroups,
    direction: int,
    held: dict[tuple[int, int], list[bool]],
) -> list[Window]:
    """``ranked`` (a section's windows, best first) with the rows ``extreme_rows`` finds
    weighed as their header and a term more that only they hold (``1 / rows`` of them, as
    ``best_lines`` weighs a rare term), and one more for those holding the extreme of every
    table under their header; best first. ``held`` gets their header's units."""
    rows = extreme_rows(raw, lambda text: any(groups.present(text)), direction)
    if not rows:
        return ranked
    everywhere = sum(1 for _, overall in rows.values() if overall)
    best: dict[int, Window] = {}
    for window in ranked:
        if window[2] not in best or window[0] > best[window[2]][0]:
            best[window[2]] = window
    bonus = 1 / len(rows)
    added: list[Window] = []
    for row, (header, overall) in rows.items():
        if header not in best:
            continue
        score, term_score, _, start = best[header]
        score += bonus + (1 / everywhere if overall else 0.0)
        own = best.get(row)
        if own is not None and own[0] >= score:
            continue
        added.append((score, term_score, row, 0))
        units = held[header, start]
        held[row, 0] = [a or b for a, b in zip(units, held.get((row, 0), units), strict=True)]
    if not added:
        return ranked
    moved = {window[2] for window in added}
    kept = [w for w in ranked if not (w[2] in moved and w[3] == 0)]
    return sorted(kept + added, key=itemgetter(0), reverse=True)
