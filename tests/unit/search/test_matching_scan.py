"""The fast paths of term matching find exactly what a scan of every alternative finds."""

from __future__ import annotations

from hypothesis import example, given
from hypothesis import strategies as st

from domain.search.entities import count_entities, entity_patterns
from domain.search.matching import Unit, _cased, _occurrences, _occurs, _phrase_positions
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


def _former_positions(unit: Unit, lowered: str, limit: int, text: str | None) -> list[int]:
    """``Unit.positions`` as it was before alternatives the text lacks were left unscanned:
    every needle tested, then every alternative scanned."""
    if len(unit.scan) == 1 and not unit.phrase:
        return _occurrences(lowered, unit.scan[0], limit, _cased(lowered, text))
    needles_tested = len(unit.needles) > 1 or unit.phrase
    if needles_tested and not any(needle in lowered for needle in unit.needles):
        return []
    cased = _cased(lowered, text)
    if unit.phrase:
        if " ".join(lowered.split()) != lowered:
            return _phrase_positions(lowered, unit.phrase, limit, cased)
        return _occurrences(lowered, " ".join(unit.phrase), limit, cased)
    lists = [_occurrences(lowered, alternative, limit, cased) for alternative in unit.scan]
    hits = [found for found in lists if found]
    if len(hits) < 2:
        return hits[0] if hits else []
    return sorted({start for found in hits for start in found})[:limit]


_PIECES = (" ", "  ", "_", "-", ".", "\n", "\t", "a", "B", "İ")


@st.composite
def _unit_and_text(draw: st.DrawFn) -> tuple[Unit, str]:
    """A unit (alternatives, or a phrase of its words) and a text made of its words (some
    capitalised), other letters and separators, so that the words occur, at word starts and
    inside words."""
    words = draw(st.lists(st.text(alphabet="abc", min_size=1, max_size=5), min_size=1, max_size=4))
    if draw(st.booleans()):
        unit = Unit((" ".join(words),), tuple(words))
    else:
        unit = Unit(tuple(sorted(set(words), key=lambda a: (-len(a), a))))
    spelt = [*words, *(w.capitalize() for w in words), *_PIECES]
    return unit, "".join(draw(st.lists(st.sampled_from(spelt), max_size=14)))


@given(_unit_and_text(), st.integers(0, 5), st.booleans())
def test_positions_are_those_of_a_scan_of_every_alternative(
    drawn: tuple[Unit, str], limit: int, as_written: bool
) -> None:
    # The text as written tells an identifier's parts (``aB``); a text whose lower case
    # changes its length (``İ``) is scanned without it.
    unit, text = drawn
    lowered = text.lower()
    written = text if as_written else None
    assert unit.positions(lowered, limit, written) == _former_positions(
        unit, lowered, limit, written
    )


def _occurs_scanned(text: str, needle: str, cased: str | None) -> bool:
    """``_occurs`` as it was: a substring test, then the first acceptable occurrence."""
    if len(needle) >= 4 and needle not in text:
        return False
    return bool(_occurrences(text, needle, 1, cased))


_AROUND = st.text(alphabet="ab c_-.\nAB1é", max_size=30)


@given(_AROUND, st.text(alphabet="abc", min_size=1, max_size=6), _AROUND, st.booleans())
@example("1", "abca", "bz", True)  # a digit before: no word's start, and no word's end after
def test_a_first_occurrence_starting_a_word_settles_occurs(
    before: str, needle: str, after: str, as_written: bool
) -> None:
    text = before + needle + after
    lowered = text.lower()
    cased = _cased(lowered, text) if as_written else None
    assert _occurs(lowered, needle, cased) == _occurs_scanned(lowered, needle, cased)
    assert _occurs(lowered, needle + "z", cased) == _occurs_scanned(lowered, needle + "z", cased)
