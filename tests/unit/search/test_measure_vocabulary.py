"""The agent's words for coverage.py's report columns, curl's time to first byte and ``unzip
-v``'s uncompressed length (ADR 0307), and the lookalikes that get none."""

from __future__ import annotations

import pytest

from domain.chunking import chunk
from domain.content_type import ContentType
from domain.search.tool_vocabulary import tool_vocabulary_facts

_REPORT = (
    "Name                  Stmts   Miss Branch BrPart  Cover   Missing\n"
    "-----------------------------------------------------------------\n"
    "tariffs/berth.py         14      5      8      2    59%   3, 9, 14-16\n"
    "tariffs/export.py        12     12      2      0     0%   1-17\n"
)
_TIMING = "200 168000B connect=0.000245s ttfb=0.003190s total=0.003455s http://h/2026.csv\n"
_VERBOSE_ZIP = (
    " Length   Method    Size  Cmpr    Date    Time   CRC-32   Name\n"
    "--------  ------  ------- ---- ---------- ----- --------  ----\n"
    "    6020  Defl:X      598  90% 2026-11-30 14:05 69967883  tidewatch/conf/stations.yaml\n"
)


def test_coverage_py_s_missing_column_holds_lines() -> None:
    assert tool_vocabulary_facts(_REPORT) == "lines"


def test_a_branch_less_report_counts() -> None:
    report = "Name      Stmts   Miss  Cover   Missing\n---\nshop.py      10      2    80%   4, 9\n"
    assert tool_vocabulary_facts(report) == "lines"


@pytest.mark.parametrize(
    "text",
    [
        _TIMING,
        "TTFB 120 ms\n",
        "curl -w 'connect=%{time_connect} start=%{time_starttransfer}\\n' http://h/\n",
    ],
)
def test_curl_s_start_of_transfer_is_the_time_to_first_byte(text: str) -> None:
    assert tool_vocabulary_facts(text) == "first byte"


def test_unzip_verbose_length_is_the_uncompressed_size() -> None:
    assert tool_vocabulary_facts(_VERBOSE_ZIP) == "uncompressed"


@pytest.mark.parametrize(
    "text",
    [
        # ``unzip -l``'s one size, a table of names and lengths, a word holding ``ttfb``, a
        # coverage report without ``-m``: none is what the entries speak of.
        "  Length      Date    Time    Name\n---------  ---------- -----   ----\n",
        "Name    Length\nx       3\n",
        "attfbx\n",
        "Name      Stmts   Miss  Cover\n---\nshop.py      10      2    80%\n",
    ],
)
def test_lookalikes_get_none(text: str) -> None:
    assert tool_vocabulary_facts(text) == ""


def test_a_word_the_output_says_is_not_repeated() -> None:
    assert tool_vocabulary_facts(_REPORT + "2 lines skipped\n") == ""


def test_a_report_section_carries_the_words() -> None:
    (section,) = chunk(_REPORT, ContentType.PLAINTEXT)
    assert section.facts is not None
    assert "lines" in section.facts.split()
