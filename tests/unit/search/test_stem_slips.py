"""A misspelt inflected word read as the word whose stem the text found holds (ADR 0337)."""

from __future__ import annotations

from collections.abc import Callable

from adapters.memory.fixed_clock import FixedClock
from application.search.corrector import QueryCorrector
from domain.search.keyboard import unslipped
from domain.search.query import parse_query
from domain.search.stem_slips import slip_found_by_stem
from tests.unit.search.test_corrector import Vocabulary


def _in(text: str) -> Callable[[str], bool]:
    return lambda word: word in text


def test_a_slip_of_an_inflected_word_reads_as_the_word_whose_stem_is_found() -> None:
    assert slip_found_by_stem(unslipped("psuhing"), _in("lpush session:12")) == "pushing"
    assert slip_found_by_stem(unslipped("cecker"), _in('"typecheck": "tsc -p ."')) == "checker"


def test_no_stem_found_no_reading() -> None:
    assert slip_found_by_stem(unslipped("psuhing"), _in("lrange session:12")) is None


def test_two_stems_found_is_no_sure_reading() -> None:
    # ``pasted`` (``past``) and ``parted`` (``part``) are both one slip from ``pated``.
    assert slip_found_by_stem(["pasted", "parted"], _in("past part\n")) is None


def test_a_short_stem_is_found_by_chance() -> None:
    assert slip_found_by_stem(["fixed"], _in("prefix")) is None


def test_a_word_without_an_ending_is_left_to_the_words_held_whole() -> None:
    assert slip_found_by_stem(["push"], _in("lpush")) is None


def test_the_corrector_reads_the_slip_as_the_word_typed_right() -> None:
    store = Vocabulary({"lpush", "session", "fail"}, texts=[("redis", "LPUSH session:12")])
    corrector = QueryCorrector(store, FixedClock())  # type: ignore[arg-type]
    corrected = corrector.correct(
        parse_query("why did psuhing onto session fail"), _in("lpush session")
    )
    assert corrected is not None and "pushing" in corrected.terms


def test_a_stem_that_starts_a_longer_word_is_no_reading() -> None:
    # ``expired`` typed right is no slip of ``expored``, though ``export`` starts with ``expor``.
    assert slip_found_by_stem(unslipped("expired"), _in("export PHP_INI_SCAN_DIR")) is None
