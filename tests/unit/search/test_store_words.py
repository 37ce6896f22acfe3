"""What the corrector keeps of the store's vocabulary: bands within a budget of words."""

from __future__ import annotations

from datetime import timedelta

import pytest

from adapters.memory.fixed_clock import FixedClock
from application.search import store_words
from application.search.store_words import StoreWords
from tests.unit.search.test_corrector import Vocabulary


def _held(words: StoreWords) -> int:
    kept = [*words._vocabulary.values(), *words._known.values()]
    return sum(len(band) for _, band in kept)


def _words(count: int, length: int) -> set[str]:
    return {f"w{n:0{length - 1}d}" for n in range(count)}


def test_a_band_is_read_once_while_it_is_fresh() -> None:
    store, clock = Vocabulary(_words(50, 6)), FixedClock()
    words = StoreWords(store, clock, ())  # type: ignore[arg-type]
    first = words.candidates(5, 7, clock.monotonic())
    assert words.candidates(5, 7, clock.monotonic()) == first and store.reads == 1
    assert words.known_between(5, 7, clock.monotonic()) == frozenset(first)
    assert store.reads == 2
    clock.advance(timedelta(minutes=2))
    words.candidates(5, 7, clock.monotonic())
    assert store.reads == 3


def test_the_words_kept_stay_within_the_budget(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(store_words, "WORDS_KEPT", 100)
    store = Vocabulary(_words(40, 5) | _words(40, 7) | _words(40, 9) | _words(150, 11))
    clock = FixedClock()
    words = StoreWords(store, clock, ())  # type: ignore[arg-type]
    for low in (5, 7, 9, 5, 7, 9):
        assert words.candidates(low, low, clock.monotonic()) == sorted(
            w for w in store.words if len(w) == low
        )
        assert _held(words) <= 100
    # A band larger than the budget is answered, every time from the store, and not kept.
    reads = store.reads
    big = words.known_between(11, 11, clock.monotonic())
    assert len(big) == 150 and words.known_between(11, 11, clock.monotonic()) == big
    assert store.reads == reads + 2 and _held(words) <= 100


def test_expired_bands_go_when_another_is_kept() -> None:
    store, clock = Vocabulary(_words(30, 5) | _words(30, 8)), FixedClock()
    words = StoreWords(store, clock, ())  # type: ignore[arg-type]
    words.candidates(5, 5, clock.monotonic())
    clock.advance(timedelta(minutes=2))
    words.candidates(8, 8, clock.monotonic())
    assert list(words._vocabulary) == [(8, 8)]
