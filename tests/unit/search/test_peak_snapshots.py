"""The snapshot ms_print marks as the peak is said in the sections holding its row (ADR 0239)."""

from __future__ import annotations

from domain.chunking import chunk
from domain.content_type import ContentType
from domain.search.peak_snapshots import PEAK_WORDS, peak_facts, peak_snapshot

_HEADER = (
    "Number of snapshots: 73\n"
    " Detailed snapshots: [4, 9, 12, 66, 69, 72 (peak)]\n"
    "\n"
    "--------------------------------------------------------------------------------\n"
    "  n        time(i)         total(B)   useful-heap(B) extra-heap(B)    stacks(B)\n"
    "--------------------------------------------------------------------------------\n"
)


def _row(n: int, total: str) -> str:
    return f" {n:>2}     23,589,172        {total}        2,304,528           216            0\n"


_PEAK = (
    _row(71, "2,304,744")
    + _row(72, "2,304,744")
    + "99.99% (2,304,528B) (heap allocation functions) malloc/new/new[], --alloc-fns, etc.\n"
    + "->59.98% (1,382,400B) 0x10923E: scale_down (thumbs.c:19)\n"
)


def test_the_peak_is_read_from_the_list_of_detailed_snapshots() -> None:
    assert peak_snapshot(_HEADER) == "72"
    assert peak_snapshot(" Detailed snapshots: [1 (peak), 5, 9]\n") == "1"
    assert peak_snapshot(" Detailed snapshots: [4, 9, 12]\n") == ""
    assert peak_snapshot("the (peak) of the day was 72") == ""


def test_a_section_holding_the_peak_s_row_gets_the_word() -> None:
    assert peak_facts(_PEAK, "72") == PEAK_WORDS
    assert peak_facts(_row(71, "2,304,744"), "72") == ""
    # The number elsewhere than a row's start: a time, a byte count, a line of code.
    assert peak_facts(_row(71, "72,304,744") + "thumbs.c:72 (main)\n", "72") == ""
    assert peak_facts(_PEAK, "") == ""


def test_only_the_sections_of_the_peak_carry_the_word() -> None:
    rows = "".join(_row(n, f"{n},000,000") for n in range(13, 66))
    text = _HEADER + _row(12, "979,760") + rows + _PEAK
    sections = chunk(text, ContentType.PLAINTEXT)
    holding = [s for s in sections if " 72     23,589,172" in s.content]
    assert holding
    assert all("peak" in s.facts.split() for s in holding)
    assert all("peak" not in s.facts.split() for s in sections if s not in holding)
