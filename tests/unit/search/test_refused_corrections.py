"""A refused correction does not end the search for one equally close (ADR 0354)."""

from __future__ import annotations

from adapters.memory.fixed_clock import FixedClock
from application.search.corrector import QueryCorrector
from domain.search.query import parse_query
from domain.search.refused_corrections import closest_allowed
from tests.unit.search.test_corrector import Vocabulary


def test_the_closest_correction_is_kept_when_not_refused() -> None:
    assert closest_allowed("returs", ["return", "returns"], lambda c: False) == "return"


def test_a_refused_correction_gives_way_to_one_equally_close() -> None:
    assert closest_allowed("returs", ["return", "returns"], lambda c: c == "return") == "returns"


def test_a_refused_correction_gives_way_to_no_farther_one() -> None:
    assert closest_allowed("returs", ["return", "retired"], lambda c: c == "return") is None


def test_every_equally_close_correction_refused_leaves_none() -> None:
    refused = {"return", "returns"}
    assert closest_allowed("returs", ["return", "returns"], refused.__contains__) is None


def test_a_slip_of_an_asking_word_is_read_past_the_closer_asking_word_no_slip_explains() -> None:
    # ``returs`` is one letter from ``return`` (s is no neighbour of n) and one dropped letter
    # from ``returns``: the typist's slip.
    store = Vocabulary({"endpoint", "server", "errors"})
    corrector = QueryCorrector(store, FixedClock())  # type: ignore[arg-type]
    corrected = corrector.correct(parse_query("which endpoint returs server errors"))
    assert corrected is not None
    assert "returns" in corrected.terms


def test_a_refused_correction_gives_way_to_no_word_a_slip_does_not_explain() -> None:
    # ``acount`` is one letter from ``amount`` and from ``count``: neither is a typist's slip.
    assert closest_allowed("acount", ["amount", "count"], lambda c: c == "amount") is None
