"""A four-letter slip of a word whose form the store holds reads as that word (ADR 0362)."""

from __future__ import annotations

from adapters.memory.fixed_clock import FixedClock
from application.search.corrector import QueryCorrector
from domain.search.query import parse_query
from tests.unit.search.test_corrector import Vocabulary


def _corrected(store: Vocabulary, question: str) -> tuple[str, ...] | None:
    corrector = QueryCorrector(store, FixedClock())  # type: ignore[arg-type]
    corrected = corrector.correct(parse_query(question), lambda word: False)
    return corrected.terms if corrected is not None else None


def test_a_four_letter_slip_reads_as_the_word_whose_form_the_store_holds() -> None:
    store = Vocabulary({"dispatch", "lived", "moved"}, texts=[("blame", "dispatch lived here")])
    assert _corrected(store, "where did dispatch liev before it moved") == (
        "dispatch",
        "live",
        "moved",
    )


def test_a_four_letter_word_some_text_writes_stays_as_typed() -> None:
    store = Vocabulary({"dispatch", "lived"}, texts=[("notes", "I believe dispatch lived")])
    assert _corrected(store, "where did dispatch liev") is None
