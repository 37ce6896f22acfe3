"""A four-letter word the vocabulary cannot correct, one slip from a whole part of a name or a
source's label (``javc`` → ``javac`` of ``real-javac-errors``): ADR 0211."""

from __future__ import annotations

from adapters.memory.fixed_clock import FixedClock
from application.search.corrector import QueryCorrector
from domain.search.query import parse_query
from tests.unit.search.test_corrector import Vocabulary


def test_a_four_letter_slip_of_a_label_part_is_corrected_to_it() -> None:
    store = Vocabulary({"method", "find"}, labels=["real-javac-errors"])
    corrector = QueryCorrector(store, FixedClock())  # type: ignore[arg-type]
    corrected = corrector.correct(parse_query("which method can javc not find"), lambda w: False)
    assert corrected is not None and corrected.terms == ("method", "javac", "find")


def test_a_four_letter_slip_found_only_inside_a_word_is_left_alone() -> None:
    # ``fixed`` inside ``prefixed``, ``field`` inside ``fieldset``: coincidences, no parts.
    store = Vocabulary({"count"}, texts=[("x", "prefixed rows of the fieldset")])
    corrector = QueryCorrector(store, FixedClock())  # type: ignore[arg-type]
    assert corrector.correct(parse_query("count fied"), lambda word: False) is None
    # A four-letter word held as typed inside a longer one is no typo (``ConnectionRese``).
    held = Vocabulary({"count"}, texts=[("x", "the javcore crashed")], labels=["real-javac"])
    assert (
        QueryCorrector(held, FixedClock()).correct(parse_query("javc count"), lambda w: False)
        is None
    )  # type: ignore[arg-type]
