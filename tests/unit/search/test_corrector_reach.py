"""Slips the corrector reaches beyond the vocabulary's own words: the doer of a word the text
holds (``cecker`` → ``checker`` of ``typecheck``) and a four-letter word one slip from a whole
part of a name or a source's label (``javc`` → ``javac`` of ``real-javac-errors``): ADR 0211."""

from __future__ import annotations

from adapters.memory.fixed_clock import FixedClock
from application.search.corrector import QueryCorrector
from domain.search.query import parse_query
from tests.unit.search.test_corrector import Vocabulary


def test_a_slip_of_the_doer_of_a_held_word_is_corrected_to_the_doer() -> None:
    # package.json says ``"typecheck"``: search knows ``checker`` through ``check``.
    corrector = QueryCorrector(Vocabulary({"check", "typecheck", "run"}), FixedClock())  # type: ignore[arg-type]
    for typed in ("how do I run the type cecker", "how do I run the type cbecker"):
        corrected = corrector.correct(parse_query(typed), lambda word: False)
        assert corrected is not None and "checker" in corrected.terms, typed
        assert corrected.raw == "how do I run the type checker"


def test_the_doer_of_a_held_word_as_typed_is_left_alone() -> None:
    # ``checker`` typed right is known through ``check``: no slip into ``checkers``.
    corrector = QueryCorrector(Vocabulary({"check", "run"}), FixedClock())  # type: ignore[arg-type]
    assert corrector.correct(parse_query("run the type checker"), lambda word: False) is None
    # Without ``check`` held, ``cecker`` names nothing the text says: no guess.
    bare = QueryCorrector(Vocabulary({"run", "type"}), FixedClock())  # type: ignore[arg-type]
    assert bare.correct(parse_query("run the type cecker"), lambda word: False) is None


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


def test_a_doer_typed_right_is_no_slip_of_a_non_word_whose_stem_with_e_is_held() -> None:
    # ``responser`` (one slip from ``responder``) is no word, though ``response`` is held.
    store = Vocabulary({"ocsp", "response", "url", "certificate"})
    corrector = QueryCorrector(store, FixedClock())  # type: ignore[arg-type]
    typed = "OCSP responder url of the certificate"
    # (``response``, two edits away, is judged where the search finds it: ADR 0179.)
    corrected = corrector.correct(parse_query(typed), lambda word: False)
    assert corrected is not None and "responser" not in corrected.terms
