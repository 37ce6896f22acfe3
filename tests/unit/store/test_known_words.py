"""The words a process remembers as stored stay within their bound."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from adapters.sqlcipher.known_words import KnownWords


def test_remembered_words_are_not_unseen() -> None:
    known = KnownWords(limit=10)
    known.remember(["alpha", "beta"])
    assert known.unseen({"beta", "gamma", "alpha"}) == ["gamma"]


def test_a_full_set_starts_again() -> None:
    known = KnownWords(limit=4)
    known.remember(["a1", "a2", "a3"])
    known.remember(["b1", "b2"])
    assert known.unseen({"a1", "b1"}) == ["a1"]


def test_a_document_larger_than_the_bound_is_not_remembered() -> None:
    known = KnownWords(limit=4)
    known.remember(["common", "words"])
    known.remember([f"id{n}" for n in range(5)])
    assert known.unseen({"common", "words", "id1"}) == ["id1"]


@given(st.frozensets(st.text(max_size=6), max_size=30), st.lists(st.text(max_size=6), max_size=30))
def test_the_unseen_words_are_the_ones_not_remembered_in_order(
    words: frozenset[str], remembered: list[str]
) -> None:
    known = KnownWords(limit=100)
    known.remember(remembered)
    assert known.unseen(words) == sorted(w for w in words if w not in set(remembered))
