"""An excerpt works out only the parts of a line's facts that could hold one of its query's
units (ADR 0242): the windows it ranks are those it ranked with every fact of every line, and a
line's facts, part by part, are what the whole computation said."""

from __future__ import annotations

from unittest.mock import patch

from hypothesis import given, settings
from hypothesis import strategies as st

from domain.search import best_lines as best_lines_module
from domain.search.answer_kinds import answer_kinds
from domain.search.best_lines import SEGMENT_BYTES, _fact_parts, _ranked
from domain.search.latencies import is_slow
from domain.search.line_facts import (
    _CROSSES,
    _ERROR_LEVEL,
    _ERROR_SIGNS,
    _FAILED,
    _PASSED,
    _SKIPPED,
    _TICKS,
    _WARNING_LEVEL,
    _XFAIL,
    CRASH_OUTCOME,
    EVERY_PART,
    OUTCOME_PART,
    PART_WORDS,
    TIMEOUT_OUTCOME,
    _status,
    _status_words,
    asked_parts,
    line_facts,
)
from domain.search.matching import term_groups
from domain.search.needle_scan import holds_any
from domain.search.outcome_words import asked_outcome, outcome_facts
from domain.search.query import parse_query


def _former_line_facts(line: str) -> str:
    """``line_facts`` as it was before it was split into parts."""
    words: list[str] = []
    status = _status(line)
    if status is not None:
        words.append(_status_words(status))
    if is_slow(line):
        words.append("slow latency")
    if holds_any(line, _ERROR_SIGNS) and _ERROR_LEVEL.search(line):
        words.append("error")
    elif ("WARN" in line or "[warn]" in line) and _WARNING_LEVEL.search(line):
        words.append("warning")
    first = line.lstrip()[:1]
    if ("FAIL" in line or "ERRORED" in line or first in _CROSSES) and _FAILED.search(line):
        words.append("failed failure")
    elif ("PASS" in line or first in _TICKS) and _PASSED.search(line):
        words.append("passed")
    if "SKIP" in line and _SKIPPED.search(line):
        words.append("skipped")
    if ("XFAIL" in line or "xfail" in line) and _XFAIL.search(line):
        words.append("expected failure")
    outcome = outcome_facts(line)
    if outcome:
        words.append(outcome)
    return " ".join(words)


# What lines say: every sign a part of ``line_facts`` reads (statuses, latencies, levels, test
# outcomes, crashes, exits, timeouts, syntax errors), words that say a fact already, letters
# whose lower case differs in length (İ), parts of identifiers, and plain words.
_PIECES = [
    '"GET /api HTTP/1.1" 500 ',
    '"POST /x HTTP/2" 401 ',
    "status=504",
    "code: 429",
    "rt=2.5",
    "took 3.2s",
    "latency_ms=1500",
    "ERROR",
    "[error]",
    "FATAL",
    "WARN",
    "[warn]",
    "FAILED",
    "✗ ",
    "PASSED",
    "✓ ",
    "SKIPPED",
    "XFAIL",
    "xfail",
    "panic:",
    "Traceback (most recent call last):",
    "Segmentation fault",
    "exit code 1",
    "exited with code 137",
    "E   AssertionError",
    "timed out",
    "ETIMEDOUT",
    "deadline exceeded",
    "syntax error",
    "SyntaxError",
    "make: *** [all] Error 2",
    "Uncaught TypeError",
    "timeout",
    "typo",
    "error",
    "failed",
    "crash",
    "İstanbul",
    "ParseRateLimit",
    "pool",
    "size",
    "request",
    "  ",
    ":",
]
_LINE = st.lists(st.sampled_from(_PIECES), min_size=1, max_size=7).map(" ".join)
# Query words: each part's words (one, several, or parts of them), synonyms that reach them
# (``latency`` → ``slow``, ``panic`` → ``crash``), phrases within a part and across two, words
# no part says, and why (a kind of line asked for).
_WORDS = [
    "error",
    "errors",
    "failed",
    "failure",
    "fail",
    "passed",
    "skipped",
    "expected",
    "warning",
    "slow",
    "latency",
    "timeout",
    "crashed",
    "panic",
    "typo",
    "misspelled",
    "gateway",
    "unauthorized",
    "request",
    "payload",
    "created",
    "ok",
    "server",
    '"server error"',
    '"latency error"',
    '"error failed"',
    '"pool size"',
    "pool",
    "İstanbul",
    "rate",
    "why",
]
_QUERY = st.lists(st.sampled_from(_WORDS), min_size=1, max_size=4).map(" ".join)
_PARTS = list(PART_WORDS)


@settings(max_examples=500, deadline=None)
@given(_LINE)
def test_every_part_says_what_the_whole_computation_said(line: str) -> None:
    assert line_facts(line) == line_facts(line, EVERY_PART) == _former_line_facts(line)
    said = [line_facts(line, part) for part in _PARTS]
    # The outcome, asked word by word, says its words in an order of its own.
    assert sorted(" ".join(said).split()) == sorted(line_facts(line).split())
    for part, words in zip(_PARTS, said, strict=True):
        assert set(words.split()) <= set(PART_WORDS[part].split())


@settings(max_examples=500, deadline=None)
@given(st.lists(_LINE, min_size=1, max_size=10), _QUERY, st.sampled_from([16, SEGMENT_BYTES]))
def test_windows_rank_as_with_every_fact_of_every_line(
    lines: list[str], query: str, width: int
) -> None:
    parsed = parse_query(query)
    if parsed.is_empty:
        return
    groups, kinds = term_groups(parsed), answer_kinds(query)
    lines = [line.strip() for line in lines if line.strip()]
    asked = _ranked(lines, groups, kinds, width=width)
    with patch.object(best_lines_module, "_fact_parts", lambda _: EVERY_PART):
        every = _ranked(lines, groups, kinds, width=width)
    assert asked == every


def test_a_query_asks_for_the_parts_whose_words_hold_its_needles() -> None:
    def parts_of(query: str) -> int:
        return _fact_parts(term_groups(parse_query(query)))

    assert parts_of("latency") == asked_parts(["slow", "latency"])
    assert parts_of("passed") & ~asked_parts(["passed"]) == 0
    assert parts_of('"server error"') == EVERY_PART  # a phrase may join two parts' words
    assert asked_parts(["pool"]) == 0
    assert asked_parts(["timed out"]) == EVERY_PART
    # A run's outcome is asked word by word.
    assert asked_parts(["timeout"]) & OUTCOME_PART == TIMEOUT_OUTCOME
    assert asked_parts(["crash"]) & OUTCOME_PART == CRASH_OUTCOME


_OUTCOME_WORDS = ["error", "failed", "crashed", "crash", "timeout", "typo", "misspelled"]


@settings(max_examples=1000, deadline=None)
@given(_LINE, st.frozensets(st.sampled_from(_OUTCOME_WORDS)))
def test_an_outcome_asked_word_by_word_says_what_the_whole_outcome_says(
    line: str, asked: frozenset[str]
) -> None:
    said = asked_outcome(line, asked).split()
    assert len(said) == len(set(said))
    assert set(said) == set(outcome_facts(line).split()) & asked
