"""A column-aligned table output: its header found, its matching rows shown under it."""

from __future__ import annotations

import itertools

from hypothesis import given
from hypothesis import strategies as st

from domain.search.table_rows import delimited_header, table_header, table_rows

PODS = """\
NAME                   READY   STATUS             RESTARTS      AGE
web-7d9f97c-jbv6c      1/1     Running            0             5d
api-7d9f83c-nch2v      0/1     ImagePullBackOff   0             13d
api-7d9f80c-ngnfn      1/1     Running            0             20d
worker-7d9f97c-vdjkh   0/1     CrashLoopBackOff   37 (7m ago)   11d
redis-7d9f39c-qn4nf    1/1     Running            0             19d
"""

PIP_LIST = """\
Package            Version     Location
------------------ ----------- --------
attrs              25.3.0      site
httpx              0.28.1      site
zstandard          0.23.0      site
"""


def test_a_kubectl_table_has_its_header_line() -> None:
    assert table_header(PODS) == PODS.splitlines()[0]


def test_the_rule_under_a_header_belongs_to_it() -> None:
    assert table_header(PIP_LIST) == "\n".join(PIP_LIST.splitlines()[:2])


def test_prose_logs_and_short_tables_are_no_tables() -> None:
    assert table_header("The build finished.\nIt took 3 s.\nNothing failed.\n") is None
    log = "\n".join(f"2026-01-01T10:00:0{i}Z INFO  worker  handled {i}" for i in range(6))
    assert table_header(log) is None  # its first line is no row of column names
    assert table_header("\n".join(PODS.splitlines()[:3])) is None  # two rows
    psql = ' Table "public.orders"\n Column | Type\n--------+------\n id | bigint\n'
    assert table_header(psql) is None


def test_rows_come_under_the_header_in_table_order_realigned() -> None:
    lines = PODS.splitlines()
    reply = table_rows(PODS, lines[0], [lines[4].strip(), lines[2].strip()])
    assert reply.splitlines() == [
        "NAME                  READY  STATUS            RESTARTS     AGE",
        "…",
        "api-7d9f83c-nch2v     0/1    ImagePullBackOff  0            13d",
        "…",
        "worker-7d9f97c-vdjkh  0/1    CrashLoopBackOff  37 (7m ago)  11d",
        "…",
    ]


def test_a_row_crossing_a_column_start_keeps_the_table_as_printed() -> None:
    table = "NAME   SIZE   USED\nroot   98G    45G\nhome   1200G  800G\nvar  123456G  1G\n"
    header = table.splitlines()[0]
    reply = table_rows(table, header, ["var  123456G  1G"])
    assert reply.splitlines() == [header, "…", "var  123456G  1G"]


def test_a_snippet_line_that_is_no_row_is_left_out() -> None:
    lines = PODS.splitlines()
    reply = table_rows(PODS, lines[0], [f"…\n{lines[2].strip()}\nsomething else"])
    assert "something else" not in reply and "ImagePullBackOff" in reply


def test_a_delimited_table_s_delimiter_is_found_under_its_header() -> None:
    assert delimited_header("a,b,c\n1,2,3\n4,5,6\n7,8,9") == ","
    assert (
        delimited_header("$ head -4 t.tsv\nhost\trole\tzone\nw1\tweb\ta\nw2\tweb\tb\nd\tdb\ta")
        == "\t"
    )
    assert delimited_header('"full name",age,city\n"Lee, Ann",3,x\nBo,4,y\nCy,5,z\n') == ","


def test_commas_without_a_table_of_rows_under_names_are_none() -> None:
    assert delimited_header("a,b,c\n1,2,3\n4,5,6") is None  # too few rows
    assert delimited_header("a,b,c\n1,2\n4,5,6\n7,8,9") is None  # a row of another width
    assert delimited_header("a,b\n1,2\n3,4\n5,6") is None  # two columns
    assert delimited_header("1,b,c\n1,2,3\n4,5,6\n7,8,9") is None  # a number is no name
    assert delimited_header("a, b, c\n1, 2, 3\n4, 5, 6\n7, 8, 9") is None  # prose's commas


def _whole_table_header(output: str) -> str | None:
    """``table_header`` as it read every line into a list first."""
    from domain.search.table_rows import (
        _RULE,
        ALIGNED_SHARE,
        MIN_COLUMNS,
        MIN_ROWS,
        _cells,
        _names_columns,
    )

    lines = [line.rstrip() for line in output.splitlines() if line.strip()]
    if not lines:
        return None
    header = _cells(lines[0])
    if len(header) < MIN_COLUMNS or not _names_columns(header):
        return None
    head = [lines[0].strip()]
    rows = lines[1:]
    if rows and _RULE.match(rows[0]):
        head.append(rows[0].strip())
        rows = rows[1:]
    if len(rows) < MIN_ROWS:
        return None
    aligned = sum(1 for row in rows if len(_cells(row)) >= len(header) - 1)
    return "\n".join(head) if aligned >= ALIGNED_SHARE * len(rows) else None


_TABLE_LINES = st.sampled_from(
    [
        "NAME   READY   STATUS   RESTARTS",
        "api-1   1/1   Running   0",
        "api-2   0/1   Pending",
        "----   -----   ------",
        "  ",
        "free text line",
        "a\tb\tc",
        "NAME\tSTATUS\tAGE\r",
    ]
)


@given(st.lists(_TABLE_LINES, max_size=12), st.sampled_from(["\n", "\r\n", "\n\n"]))
def test_the_header_read_line_by_line_is_the_one_read_whole(lines: list[str], newline: str) -> None:
    from domain.search.table_rows import kept_lines

    output = newline.join(lines)
    assert table_header(output) == _whole_table_header(output)
    assert list(kept_lines(output, 7)) == [
        line.rstrip() for line in output.splitlines() if line.strip()
    ]


def _whole_table_rows(output: str, header: str, snippets: list[str]) -> str:
    """``table_rows`` as it read the whole output's list of lines (ADR 0267 reads it line by
    line): the reference the reply must stay equal to."""
    from domain.search.snippet import ELLIPSIS
    from domain.search.table_rows import _realigned

    lines = [line.rstrip() for line in output.splitlines() if line.strip()]
    rows = [line.strip() for line in lines]
    position = {row: number for number, row in reversed(list(enumerate(rows)))}
    heading = len(header.splitlines())
    shown = sorted(
        {
            position[line]
            for snippet in snippets
            for line in snippet.splitlines()
            if line in position and position[line] >= heading
        }
    )
    aligned = _realigned(lines[:heading], [lines[number] for number in shown])
    if aligned is None:
        head, body = header, [rows[number] for number in shown]
    else:
        head, body = "\n".join(aligned[:heading]), aligned[heading:]
    parts = [head]
    previous = heading - 1
    for number, row in zip(shown, body, strict=True):
        if number > previous + 1:
            parts.append(ELLIPSIS)
        parts.append(row)
        previous = number
    if previous < len(rows) - 1:
        parts.append(ELLIPSIS)
    return "\n".join(parts)


@given(
    st.lists(_TABLE_LINES, min_size=1, max_size=12),
    st.sampled_from(["\n", "\r\n", "\n\n"]),
    st.lists(st.integers(0, 12), max_size=4),
    st.lists(st.integers(0, 400), max_size=6),
)
def test_the_rows_read_in_pieces_are_the_ones_read_whole(
    lines: list[str], newline: str, picked: list[int], cuts: list[int]
) -> None:
    # some rows twice: the first one is shown
    output = newline.join(["NAME   READY   STATUS", *lines, *lines[:3]])
    kept = [line.strip() for line in output.splitlines() if line.strip()]
    header = table_header(output) or kept[0]
    snippets = ["\n".join(kept[i % len(kept)] for i in picked), "…\nno such row"]
    ends = sorted({0, len(output), *(cut for cut in cuts if cut < len(output))})
    pieces = [output[start:end] for start, end in itertools.pairwise(ends)]
    expected = _whole_table_rows(output, header, snippets)
    assert table_rows(output, header, snippets) == expected
    assert table_rows(iter(pieces), header, snippets) == expected
