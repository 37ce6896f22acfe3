"""A word found only inside a tool's stock phrase (``most recent call last``) is not found."""

from __future__ import annotations

from unittest.mock import patch

from hypothesis import given
from hypothesis import strategies as st

from domain.search.matching import term_groups
from domain.search.query import parse_query
from domain.search.rerank import Evidence, rerank
from domain.search.stock_phrases import (
    may_start_inside,
    outside_stock_phrases,
    stock_spans,
    without_stock_phrases,
)
from tests.unit.search.test_rerank import fused

PYTHON = (
    "Traceback (most recent call last):\n"
    '  File "app.py", line 3, in <module>\n'
    "    main()\n"
    "ValueError: bad input\n"
)
PHP = (
    "PHP Fatal error:  Uncaught RuntimeException: export failed in /srv/export.php:41\n"
    "  thrown in /srv/export.php on line 41\n"
)


def test_the_spans_are_the_traceback_header_s_phrases() -> None:
    lowered = "traceback (most recent call last):\ncurrent thread (most recent call first):"
    assert stock_spans(lowered) == [(11, 32), (51, 73)]
    assert stock_spans("the most recent call was made") == []


def test_occurrences_inside_a_phrase_are_dropped_others_kept() -> None:
    lowered = "traceback (most recent call last):\nthe last line"
    inside, outside = lowered.index("last"), lowered.rindex("last")
    assert outside_stock_phrases(lowered, [(inside, outside), (0,)]) == ((outside,), (0,))


def test_a_title_keeps_its_length_and_its_other_words() -> None:
    title = "Traceback (most recent call last): app.py"
    blanked = without_stock_phrases(title)
    assert len(blanked) == len(title)
    assert "last" not in blanked
    assert blanked.startswith("Traceback (") and blanked.endswith("): app.py")
    assert without_stock_phrases("the last call") == "the last call"


def test_a_traceback_header_says_no_last() -> None:
    groups = term_groups(parse_query("on which line was the last exception thrown"))
    last = groups.units.index("last")
    header = Evidence.of(fused(1, PYTHON, title="Traceback (most recent call last):"), groups)
    assert not header.found[last]
    assert not header.in_title[last]


def test_last_said_elsewhere_in_a_traceback_is_still_found() -> None:
    groups = term_groups(parse_query("which call was last"))
    last = groups.units.index("last")
    text = PYTHON + "the last call failed\n"
    assert Evidence.of(fused(1, text), groups).found[last]


def test_the_line_a_thrown_exception_names_outranks_a_python_traceback() -> None:
    groups = term_groups(parse_query("on which line was the last exception thrown"))
    ranking = rerank([fused(1, PYTHON), fused(2, PHP)], groups, ())
    assert ranking.hits[0].hit.chunk_id == 2


# Words and pieces of the phrases, and a few others: needles that can and cannot start inside.
_PIECES = ["most", "recent", "call", "last", "first", "st", "t c", "ll l", "session", "calls", "l"]
_HEADERS = ["(most recent call last):", "(most recent call first)", "most recent call lastly"]


@given(
    st.sampled_from(["most recent call last", "most recent call first"]),
    st.text(alphabet="mostrecnalfi )(\n", max_size=12),
    st.integers(0, 30),
    st.integers(1, 30),
)
def test_a_needle_starting_inside_a_phrase_may_start_inside(
    phrase: str, after: str, at: int, length: int
) -> None:
    at %= len(phrase)
    needle = (phrase + after)[at : at + length]
    assert stock_spans(phrase + after)[0][0] <= at  # it starts inside the phrase
    assert may_start_inside(["session", needle])


def test_a_needle_no_phrase_holds_may_not_start_inside() -> None:
    assert not may_start_inside(["session", "error", "panic", "recall"])
    # ``timeout`` may start at the last ``t`` of a phrase that runs on (``lastimeout``).
    assert may_start_inside(["last"]) and may_start_inside(["st)"])
    assert may_start_inside(["timeout"])


@given(
    st.lists(st.sampled_from([*_PIECES, *_HEADERS, "\n", "x"]), max_size=12),
    st.lists(st.sampled_from(_PIECES), min_size=1, max_size=3),
    st.sampled_from(["t", "Traceback (most recent call last):"]),
)
def test_evidence_is_what_scanning_every_candidate_for_a_phrase_gives(
    words: list[str], question: list[str], title: str
) -> None:
    groups = term_groups(parse_query(" ".join(question)))
    hit = fused(1, " ".join(words), title=title)
    gated = Evidence.of(hit, groups)
    with patch("domain.search.rerank._may_lose_to_stock_phrases", lambda _: True):
        assert Evidence.of(fused(1, " ".join(words), title=title), groups) == gated
