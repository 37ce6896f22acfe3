"""A band of the vocabulary asked a word at a time answers as the band read whole (ADR 0362)."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from application.search.store_words import LookedUp

_WORD = st.text(alphabet="abcde1", min_size=0, max_size=9)


@given(
    st.sets(_WORD, max_size=30), st.lists(_WORD, max_size=20), st.integers(0, 5), st.integers(0, 9)
)
def test_a_band_asked_a_word_at_a_time_is_the_band_read_whole(
    vocabulary: set[str], asked: list[str], low: int, high: int
) -> None:
    band = frozenset(w for w in vocabulary if low <= len(w) <= high)
    calls: list[str] = []

    def has_word(word: str) -> bool:
        calls.append(word)
        return word in vocabulary

    looked_up = LookedUp(has_word, low, high)
    for word in asked:
        assert (word in looked_up) == (word in band)
    assert looked_up.isdisjoint(asked) == band.isdisjoint(asked)
    assert len(calls) == len(set(calls))  # each word asked of the store once
    assert 3 not in looked_up
