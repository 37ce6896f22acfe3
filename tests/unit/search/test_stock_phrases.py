"""A word found only inside a tool's stock phrase (``most recent call last``) is not found."""

from __future__ import annotations

from domain.search.matching import term_groups
from domain.search.query import parse_query
from domain.search.rerank import Evidence, rerank
from domain.search.stock_phrases import (
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
