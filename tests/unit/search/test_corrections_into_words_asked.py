"""A word corrected into another word the question asks stays as typed (ADR 0338)."""

from __future__ import annotations

from adapters.memory.fixed_clock import FixedClock
from application.search.corrector import QueryCorrector
from domain.search.corrected_text import apart
from domain.search.query import parse_query
from tests.unit.search.test_corrector import Vocabulary


def test_a_word_corrected_into_another_word_asked_stays_as_typed() -> None:
    # ``cpus`` beside ``cpu`` keeps the question six words, the slip ``mptsat`` read as ``mpstat``.
    store = Vocabulary({"cpu", "mpstat", "average"}, texts=[("mpstat", "Average: all cpu")])
    corrector = QueryCorrector(store, FixedClock())  # type: ignore[arg-type]
    corrected = corrector.correct(
        parse_query("average cpu across all cpus in mptsat"), lambda word: False
    )
    assert corrected is not None
    assert corrected.terms == ("average", "cpu", "across", "cpus", "mpstat")


def test_apart_keeps_corrections_into_words_not_asked() -> None:
    assert apart(("cpu", "cpus", "mptsat"), {"cpus": "cpu", "mptsat": "mpstat"}) == {
        "mptsat": "mpstat"
    }


def test_a_slip_into_a_word_asked_is_still_corrected() -> None:
    assert apart(("connection", "connecton"), {"connecton": "connection"}) == {
        "connecton": "connection"
    }
