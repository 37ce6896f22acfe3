"""The row holding the most (or least) of a column a question names, shown by a snippet."""

from __future__ import annotations

from domain.search.extreme_rows import extreme_asked, extreme_rows
from domain.search.snippet import extract_snippet

WALDUMP = """\
WAL statistics between 0/3001C38 and 0/33CE000:
Type                                           N      (%)          Record size      (%)
----                                           -      ---          -----------      ---
XLOG                                         246 (  0.83)                12119 (  0.57)
Transaction                                 3856 ( 12.94)               131363 (  6.20)
Storage                                        0 (  0.00)                    0 (  0.00)
Heap2                                       3470 ( 11.65)               211754 (  9.99)
Heap                                       19756 ( 66.31)              1606499 ( 75.80)
Btree                                       2464 (  8.27)               157696 (  7.44)
Total                                      29792                       2119431 [54.25%]"""

MASSIF = """\
--------------------------------------------------------------------------------
  n        time(i)         total(B)   useful-heap(B) extra-heap(B)    stacks(B)
--------------------------------------------------------------------------------
 67     21,687,976        2,189,528        2,189,328           200            0
 68     22,609,674        2,247,136        2,246,928           208            0
99.99% (2,246,928B) (heap allocation functions) malloc/new/new[], --alloc-fns, etc.
->58.96% (1,324,800B) 0x10923E: scale_down (thumbs.c:19)
--------------------------------------------------------------------------------
  n        time(i)         total(B)   useful-heap(B) extra-heap(B)    stacks(B)
--------------------------------------------------------------------------------
 71     23,589,172        2,304,744        2,304,528           216            0
 72     23,646,853        2,304,744        2,304,528           216            0
99.99% (2,304,528B) (heap allocation functions) malloc/new/new[], --alloc-fns, etc.
->59.98% (1,382,400B) 0x10923E: scale_down (thumbs.c:19)"""


def _names(*words: str):  # type: ignore[no-untyped-def]
    return lambda cell: any(word in cell.lower() for word in words)


def test_a_question_asks_for_the_largest_or_the_smallest_or_neither() -> None:
    assert extreme_asked("which resource manager wrote the most wal records") == 1
    assert extreme_asked("peak heap usage of the thumbnailer") == 1
    assert extreme_asked("which disk has the least free space") == -1
    assert extreme_asked("which pods restarted") == 0
    assert extreme_asked("most and least used") == 0


def test_the_row_holding_the_named_column_s_largest_value_not_its_total() -> None:
    lines = WALDUMP.splitlines()
    assert list(extreme_rows(lines, _names("record"), 1)) == [7]  # Heap, under "Record size"
    assert list(extreme_rows(lines, _names("record"), -1)) == [5]  # Storage: 0


def test_numbers_count_under_the_header_word_above_them() -> None:
    lines = MASSIF.splitlines()
    # the largest of each snapshot's table; the tied peak rows, the largest of all, both
    assert extreme_rows(lines, _names("heap"), 1) == {4: (1, False), 10: (8, True), 11: (8, True)}
    assert not extreme_rows(lines, _names("heap"), 0)
    assert not extreme_rows(lines, _names("thumbnailer"), 1)  # no column named


def test_a_value_many_rows_share_singles_none_out() -> None:
    rows = [f"pod-{i}        Running        0" for i in range(6)]
    lines = ["NAME         STATUS     RESTARTS", *rows]
    assert not extreme_rows(lines, _names("restarts"), 1)


def test_a_snippet_shows_the_row_a_superlative_question_asks_for() -> None:
    filler = [f"Kind{i:02}                                       0 (  0.00)" for i in range(20)]
    section = WALDUMP.replace("Btree", "\n".join([*filler, "Btree"]))
    query = "which resource manager wrote the most wal records"
    snippet = extract_snippet(section, query, max_bytes=300)
    assert "Heap                                       19756 ( 66.31)" in snippet
    assert "Heap" not in extract_snippet(section, "resource manager wal records", max_bytes=300)


def test_each_table_under_one_header_has_its_extreme_the_largest_of_all_weighed_more() -> None:
    header = "    PID USER      %CPU  %MEM COMMAND"
    first = ["      2 root      47.1   0.1 image-resizer", "      3 root       0.0   1.3 indexer"]
    second = ["      3 root       0.0   1.3 python3", "      2 root      50.0   0.1 python3"]
    lines = ["top - 21:08:56", header, *first, "top - 21:08:57", header, *second]
    rows = extreme_rows(lines, _names("cpu"), 1)
    assert rows == {2: (1, False), 7: (5, True)}  # image-resizer's row too, below the overall


def test_a_total_under_a_rule_or_named_in_its_last_cell_is_not_the_largest() -> None:
    lines = [
        "% time     seconds  usecs/call     calls    errors syscall",
        "------ ----------- ----------- --------- --------- ----------------",
        " 95.29    0.002206           1      2050           read",
        "  2.46    0.000057           0       100           write",
        "------ ----------- ----------- --------- --------- ----------------",
        "100.00    0.002315           0      2424       201 total",
    ]
    assert extreme_rows(lines, _names("time"), 1) == {2: (0, True)}
    assert extreme_rows(lines[:4] + lines[5:], _names("time"), 1) == {2: (0, True)}
