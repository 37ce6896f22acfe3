"""Query correction against the store's vocabulary, with its caches."""

from __future__ import annotations

from collections.abc import Iterable
from datetime import timedelta

from adapters.memory.fixed_clock import FixedClock
from application.search.corrector import QueryCorrector
from domain.search.query import parse_query


class Vocabulary:
    """Just the two store methods the corrector uses, counting reads."""

    def __init__(self, words: Iterable[str]) -> None:
        self.words = set(words)
        self.reads = 0

    def has_word(self, word: str) -> bool:
        return word in self.words

    def vocabulary_between(self, min_length: int, max_length: int) -> list[str]:
        self.reads += 1
        return sorted(w for w in self.words if min_length <= len(w) <= max_length)


def test_unknown_words_are_corrected_known_ones_kept() -> None:
    store = Vocabulary({"kubernetes", "rollback"})
    corrector = QueryCorrector(store, FixedClock())  # type: ignore[arg-type]
    corrected = corrector.correct(parse_query("kubernets rollback"))
    assert corrected is not None and corrected.terms == ("kubernetes", "rollback")
    assert corrector.correct(parse_query("rollback")) is None


def test_synonym_words_are_candidates_even_when_never_indexed() -> None:
    corrector = QueryCorrector(Vocabulary({"latency"}), FixedClock())  # type: ignore[arg-type]
    corrected = corrector.correct(parse_query("perfomance"))
    assert corrected is not None and corrected.terms == ("performance",)


def test_answers_and_vocabulary_reads_are_cached_until_they_expire() -> None:
    store = Vocabulary({"kubernetes"})
    clock = FixedClock()
    corrector = QueryCorrector(store, clock)  # type: ignore[arg-type]
    corrector.correct(parse_query("kubernets"))
    corrector.correct(parse_query("kubernets"))
    assert store.reads == 1
    store.words.add("kubernets-operator")
    clock.advance(timedelta(minutes=2))
    corrector.correct(parse_query("kubernets"))
    assert store.reads == 2


def test_a_hyphenated_word_becomes_its_solid_form_or_its_known_last_part() -> None:
    corrector = QueryCorrector(Vocabulary({"fixable", "autofix"}), FixedClock())  # type: ignore[arg-type]
    fixable = corrector.correct(parse_query("how many are auto-fixable"))
    assert fixable is not None and fixable.terms == ("fixable",)
    solid = corrector.correct(parse_query("auto-fix"))
    assert solid is not None and solid.terms == ("autofix",)
