"""The words for how a run went, found in the tool's own words; typists' slips."""

from __future__ import annotations

import pytest

from domain.chunking import chunk
from domain.content_type import ContentType
from domain.search.answerability import held_share
from domain.search.generic_words import is_generic
from domain.search.keyboard import is_slip, slip_of
from domain.search.line_facts import line_facts
from domain.search.outcome_words import outcome_facts


@pytest.mark.parametrize(
    ("line", "words"),
    [
        ("FATAL: disk quota exceeded on /var/lib/pgdata", {"error", "failed"}),
        ("2024-05-01 12:00:01 CRITICAL worker lost its lease", {"error", "failed"}),
        ("thread 'main' panicked at src/parse.rs:42:9", {"crashed", "error", "failed"}),
        ("Traceback (most recent call last):", {"crashed", "error", "failed"}),
        ("Segmentation fault (core dumped)", {"crashed", "error", "failed"}),
        ("SEGFAULT in worker 3, CORE DUMPED", {"crashed", "error", "failed"}),
        ("PANIC: boom", {"crashed", "error", "failed"}),
        ("UNHANDLED REJECTION at Promise", {"crashed", "error", "failed"}),
        ("FATAL ERROR: Reached heap limit Allocation failed", {"crashed"}),
        ("Process completed with exit code 1.", {"error", "failed"}),
        ("subprocess returned non-zero exit status 2", {"error", "failed"}),
        ("make: *** [Makefile:12: test] Error 2", {"failed"}),
        ("E       assert 2 == 3", {"failed"}),
        ("  ✗ invoice > rejects an empty invoice", {"failed"}),
        ("upstream timed out (110: Connection timed out)", {"timeout"}),
        ("context deadline exceeded", {"timeout"}),
        ('Parse error near line 11: near "SELEC": syntax error', {"typo", "misspelled"}),
        ("SyntaxError: invalid syntax", {"typo", "misspelled"}),
    ],
)
def test_a_line_s_outcome_is_said_in_the_agent_s_words(line: str, words: set[str]) -> None:
    assert words <= set(outcome_facts(line).split())
    assert words <= set(line_facts(line).split())


@pytest.mark.parametrize(
    "line",
    ["Process completed with exit code 0.", "INFO all 40 checks passed", "error_count = 0 # ok"],
)
def test_a_line_that_went_well_says_no_outcome(line: str) -> None:
    assert "failed" not in outcome_facts(line).split()
    assert "crashed" not in outcome_facts(line).split()


def test_a_word_the_text_already_says_is_not_said_again() -> None:
    # ERROR in a log of errors: indexing it again would only make it weigh less.
    assert "error" not in outcome_facts("2024-05-01 ERROR connection refused").split()
    assert "failed" not in outcome_facts("FAILED tests/test_cart.py::test_total").split()


def test_a_section_holding_a_fatal_line_is_found_by_error_and_failed() -> None:
    text = "".join(f"line {i}: ok\n" for i in range(30)) + "FATAL: disk quota exceeded\n"
    pieces = chunk(text, ContentType.PLAINTEXT)
    (fatal,) = [piece for piece in pieces if "FATAL" in piece.content]
    assert {"error", "failed"} <= set(fatal.facts.split())


@pytest.mark.parametrize("word", ["error", "errors", "failed", "fail", "problem", "issue", "bug"])
def test_words_that_only_say_something_went_wrong_are_generic(word: str) -> None:
    assert is_generic(word)


@pytest.mark.parametrize("word", ["timeout", "crashed", "slow", "disk", "fatal"])
def test_words_naming_what_went_wrong_are_not_generic(word: str) -> None:
    assert not is_generic(word)


def test_a_generic_word_neither_counts_for_nor_against_a_section() -> None:
    # "fatal disk error" over a line holding "fatal disk": all of what it names is there.
    assert held_share(["fatal", "disk", "error"], [2.0, 2.0, 3.0], [True, True, False]) == 1.0


@pytest.mark.parametrize(
    ("typed", "word"),
    [("timeuot", "timeout"), ("unbouned", "unbounded"), ("verssion", "version"), ("uswd", "used")],
)
def test_one_slip_of_a_typist_is_a_typo(typed: str, word: str) -> None:
    assert is_slip(typed, word)


@pytest.mark.parametrize(
    ("typed", "word"),
    [("draft", "drift"), ("eresolve", "resolve"), ("timeout", "timeout"), ("migratn", "migration")],
)
def test_a_far_key_a_first_letter_or_two_edits_are_no_slip(typed: str, word: str) -> None:
    assert not is_slip(typed, word)


@pytest.mark.parametrize(
    ("typed", "word", "slip"),
    [
        ("lokc", "lock", "swap"),
        ("emal", "email", "drop"),
        ("ruuff", "ruff", "extra"),
        ("lime", "line", "neighbour"),
        ("draft", "drift", None),
    ],
)
def test_the_slip_that_made_a_typo_is_named(typed: str, word: str, slip: str | None) -> None:
    assert slip_of(typed, word) == slip
