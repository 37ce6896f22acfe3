"""The answer-kind patterns that open on one character class match the lines their single
case-blind alternations, tried at every position, matched (ADR 0220): the alternations are
kept here as the reference, and lines are drawn from the pieces where the two could part
(the folds ``İ ı ſ K µ``, digits of other scripts, word characters beside a form's start, the
line's start). And the word ``error`` among a line's facts is the one ``says_error`` works out
alone."""

from __future__ import annotations

import re

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from domain.search.answer_lines import is_count, is_duration, states_error
from domain.search.line_facts import line_facts, says_error
from domain.search.outcome_words import adds_error, outcome_facts

_CAUSE_LINE = re.compile(
    r"\b[A-Z]\w*(?:Error|Exception)\b:"
    r"|\b\w+\.(?:errors?|exceptions?)\.\w+:"
    r"|\berror(?:\[\w+\]| TS\d+)?:"
    r"|^\s*E {2,}\S"
    r"|\bpanic(?:ked)?\b"
    r"|^\s*→ \S"
    r"|\bCaused by:"
    # ADR 0311: a failure named, then stated.
    r"|\bfailure:",
    re.IGNORECASE,
)
_DURATION_LINE = re.compile(
    r"(?<![\w.])\d+(?:\.\d+)?(?:m\s?\d+(?:\.\d+)?)?\s?"
    # ADR 0295: timeit's ``nsec``, ``usec``, ``msec`` per loop.
    r"(?:[mµun]?s|[mµun]?secs?|seconds?|mins?|minutes?|h|hrs?|hours?|days?|weeks?)\b"
    r"|\b(?:real|elapsed|duration)\b[:=]?\s+\d"
    # ADR 0239: a row of a Python profile, from the line's start.
    r"|^ *\d+(?:/\d+)? +\d+\.\d{3} +\d+\.\d{3} +\d+\.\d{3} +\d+\.\d{3} \S",
    re.IGNORECASE,
)
_COUNT_LINE = re.compile(
    r"(?<![=\w.:/-])\d[\d,]*(?:\.\d+)?(?:\s+[A-Za-z][A-Za-z-]{2,}(?![\w-]*=)|%)"
)

_GLUE = [" ", "  ", "\t", ":", ".", ",", "=", "/", "-", "_", "[", "]", "%", "x", "é", "(", "'"]
_FOLDS = ["İ", "ı", "ſ", "K", "µ", "μ", "Μ", "\u00c9"]
_DIGITS = ["1", "0", "42", "٣", "߂", "१", "²", "3.5", "1,000"]
_CAUSE_PIECES = [
    *_GLUE,
    *_FOLDS,
    *_DIGITS,
    "E",
    "e",
    "error",
    "Error",
    "ERROR",
    "errors",
    "errorſ",
    "rror",
    "exception",
    "Exception",
    "EXCEPTİON",
    "exceptıons",
    "Key",
    "k",
    "panic",
    "PANİC",
    "panıcked",
    "ked",
    "caused by",
    "CAUſED BY",
    "Caused",
    " by",
    "→ ",
    "→",
    " TS",
    " tſ",
    "[E0308]",
    "failure",
    "FAİLURE",
    "Failures",
    "ailure",
]
_DURATION_PIECES = [
    *_GLUE,
    *_FOLDS,
    *_DIGITS,
    "m",
    "M",
    "s",
    "S",
    "ms",
    "µs",
    "μs",
    "ns",
    "us",
    "sec",
    "secs",
    "nsec",
    "usec",
    "msec",
    "seconds",
    "min",
    "minutes",
    "h",
    "hrs",
    "hours",
    "days",
    "weeks",
    "real",
    "REAL",
    "elapsed",
    "elapſed",
    "duration",
    "duratİon",
    "durat",
    "r",
    "d",
]
_COUNT_PIECES = [*_GLUE, *_FOLDS, *_DIGITS, "errors", "failed", "Ab", "ab-c", "a", "tests"]


def _lines(pieces: list[str]) -> st.SearchStrategy[str]:
    return st.lists(st.sampled_from(pieces), max_size=10).map("".join)


def _old(pattern: re.Pattern[str], line: str) -> bool:
    return pattern.search(line) is not None


_CAUSE_GRID = [
    "KeyError: 'HAT-00'",
    "psycopg.errors.QueryCanceled: canceling statement",
    "a.exceptıons.B:",
    "a.errorſ.b:",
    "src/report.ts(11,32): error TS2532: Object is possibly",
    "error[E0308]: mismatched types",
    "error tſ1:",
    "ERROR TS٣:",
    "xerror TS1:",
    "ERROR:  column missing",
    "E       AssertionError: assert 2 == 3",
    "  e  x",
    "E  ",
    "  → reason",
    "→x",
    "thread 'main' panicked at src/main.rs",
    "PANİC: x",
    "panic_search252 retry",
    "xpanic",
    "Caused by: java.io.IOException",
    "CAUſED BY:",
    "becaused by:",
    "Error: bare",
    "1Error:",
    "_Error:",
    "KError:",
    "ıException:",
    "a.error.:",
    ".error.b:",
    "error",
    "",
]
_DURATION_GRID = [
    "0.70s setup  test_catalog_search",
    "2537.421 ms",
    "1m 12s",
    "72 hours",
    "took 6m20s",
    "real 0.109",
    "REAL\t٣",
    "elapſed: 1",
    "duratİon= 2",
    "unreal 1",
    "x.5s",
    "a5s",
    "٣µs",
    "3 Μs",
    "12:03:44",
    "3 sx",
    "3 ſ",
    "",
]
_COUNT_GRID = [
    "Found 187 errors.",
    "Test Files  6 failed (6)",
    "87%",
    "rows=8604 width=12",
    "a.5 errors",
    "-5 errors",
    "٣ tests",
    "3 ab=",
    "3 ab-c=",
    "3 abc",
    "x3 abc",
    "",
]


@given(_lines(_CAUSE_PIECES))
@settings(max_examples=3000)
def test_an_error_s_forms_match_as_the_alternation(line: str) -> None:
    assert states_error(line) == _old(_CAUSE_LINE, line)


@given(_lines(_DURATION_PIECES))
@settings(max_examples=3000)
def test_a_duration_s_forms_match_as_the_alternation(line: str) -> None:
    assert is_duration(line) == _old(_DURATION_LINE, line)


@given(_lines(_COUNT_PIECES))
@settings(max_examples=2000)
@example("3 failed")
def test_a_count_opening_on_its_digit_matches_as_the_lookbehind_first(line: str) -> None:
    assert is_count(line) == _old(_COUNT_LINE, line)


@given(st.text(max_size=30))
def test_any_text_matches_as_the_alternations(line: str) -> None:
    assert states_error(line) == _old(_CAUSE_LINE, line)
    assert is_duration(line) == _old(_DURATION_LINE, line)
    assert is_count(line) == _old(_COUNT_LINE, line)


@pytest.mark.parametrize("line", _CAUSE_GRID)
def test_an_error_s_forms_on_the_grid(line: str) -> None:
    assert states_error(line) == _old(_CAUSE_LINE, line)


@pytest.mark.parametrize("line", _DURATION_GRID)
def test_a_duration_s_forms_on_the_grid(line: str) -> None:
    assert is_duration(line) == _old(_DURATION_LINE, line)


@pytest.mark.parametrize("line", _COUNT_GRID)
def test_a_count_on_the_grid(line: str) -> None:
    assert is_count(line) == _old(_COUNT_LINE, line)


_FACT_PIECES = [
    *_GLUE,
    *_FOLDS,
    "ERROR",
    "error",
    "Error",
    "ERR",
    "FATAL",
    "CRITICAL",
    "PANIC",
    "panic",
    "ked",
    "[error]",
    "[crit]",
    "[emerg]",
    "WARN",
    "FAIL",
    "Traceback (most recent call last)",
    "segfault",
    "Uncaught TypeError",
    "Fatal error",
    "unhandled rejection",
    "exit code 1",
    "exited with status 2",
    "non-zero exit",
    "make: *** [all] Error 2",
    '"GET /x HTTP/1.1" 500 ',
    '"GET /x HTTP/1.1" 302 ',
    "status=404",
    "code: 200",
    "timed out",
    "syntax error",
    "E  ",
]
_FACT_GRID = [
    "ERROR: disk full",
    "level=error msg=x",
    "thread 'main' panicked at src/main.rs",
    "PANİC here",
    '"GET /api HTTP/1.1" 503 12',
    '"GET /api HTTP/1.1" 201 12',
    "status=404 path=/x",
    "make: *** [all] Error 2",
    "exit status 3 error",
    "Traceback (most recent call last)",
    "",
]


@given(_lines(_FACT_PIECES))
@settings(max_examples=3000)
def test_says_error_is_the_word_among_the_line_s_facts(line: str) -> None:
    assert says_error(line) == ("error" in line_facts(line).split())
    assert adds_error(line) == ("error" in outcome_facts(line).split())


@pytest.mark.parametrize("line", _FACT_GRID)
def test_says_error_on_the_grid(line: str) -> None:
    assert says_error(line) == ("error" in line_facts(line).split())
