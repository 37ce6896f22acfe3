"""When a search starts the semantic layer before its words are searched (ADR 0142)."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from domain.search import meaning

KNOWN = {"kubectl", "pod", "billing", "restart", "memory"}


def _knows(word: str) -> bool:
    return word in KNOWN


def test_a_quarter_of_the_named_words_unknown_starts_it() -> None:
    assert meaning.likely_weak(("pod", "billing", "restart", "throttled"), _knows)
    assert not meaning.likely_weak(("pod", "billing", "restart", "memory", "throttled"), _knows)
    assert meaning.likely_weak(("brute", "forcing", "login"), _knows)


def test_question_words_neither_count_nor_start_it() -> None:
    assert not meaning.likely_weak(("where", "why", "pod", "billing", "restart"), _knows)
    assert not meaning.likely_weak(("where", "why"), _knows)
    assert not meaning.likely_weak((), _knows)


@given(st.lists(st.sampled_from([*KNOWN, "oomkilled", "throttled", "ran", "out"]), max_size=8))
def test_it_starts_exactly_when_the_unknown_share_reaches_the_threshold(
    terms: list[str],
) -> None:
    unknown = sum(term not in KNOWN for term in terms)
    expected = bool(terms) and unknown / len(terms) >= meaning.AHEAD_UNKNOWN_SHARE
    assert meaning.likely_weak(terms, _knows) is expected
