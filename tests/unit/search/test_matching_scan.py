"""The fast paths of term matching find exactly what a scan of every alternative finds."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from domain.search.entities import count_entities, entity_patterns
from domain.search.matching import Unit, _occurrences
from domain.search.proximity import min_span

_TEXT = st.text(alphabet="ab c_-.\nAB", max_size=60)
_WORD = st.text(alphabet="abc", min_size=1, max_size=6)


@given(_TEXT, st.lists(_WORD, min_size=1, max_size=4, unique=True), st.integers(1, 5))
def test_scanning_only_uncovered_alternatives_finds_the_same_positions(
    text: str, alternatives: list[str], limit: int
) -> None:
    unit = Unit(tuple(sorted(alternatives, key=lambda a: (-len(a), a))))
    lowered = text.lower()
    every: set[int] = set()
    for alternative in unit.alternatives:
        every.update(_occurrences(lowered, alternative, limit))
    assert unit.positions(lowered, limit) == sorted(every)[:limit]
    assert unit.present(lowered) == bool(every)


@given(st.lists(st.integers(0, 50), min_size=1), st.lists(st.integers(0, 50), min_size=1))
def test_two_lists_span_is_the_closest_pair(first: list[int], second: list[int]) -> None:
    assert min_span([first, second]) == min(abs(a - b) for a in first for b in second)


@given(
    st.text(alphabet="ab_+ .Aſ", max_size=30), st.text(alphabet="ab_+.A", min_size=1, max_size=4)
)
def test_entity_count_matches_the_bounded_pattern(text: str, entity: str) -> None:
    expected = 1 if entity_patterns((entity,))[0].search(text) else 0
    assert count_entities((entity,), text) == expected
