"""The shortcuts reranking and excerpts take on their common inputs give what the general
computation gives: a short ASCII line is its only window and is shown whole, a unit of one
needle is found where a scan of its alternatives finds it, the best line share a search
remembers for a set of masks is the largest of their shares, and a line is a definition where a
search of its every position finds one."""

from __future__ import annotations

from hypothesis import example, given
from hypothesis import strategies as st

from domain.chunking.utf8 import truncate_bytes
from domain.search.answer_lines import _CODE_LINE, is_definition
from domain.search.best_lines import ELLIPSIS, _segment, _windows
from domain.search.matching import MAX_POSITIONS, TermGroups, Unit, _occurrences
from domain.search.proximity import min_span
from domain.search.unit_places import _inside_longer_name, only_inside
from domain.search.unit_weighing import Weighing

# ASCII and letters whose lower case or UTF-8 length differs (İ lowers to two characters).
_LINE = st.text(alphabet="ab -_.\tAB:é€İ", max_size=40)
_WORD = st.text(alphabet="ab", min_size=1, max_size=4)


def _general_segment(line: str, start: int, width: int) -> str:
    """The window's text as the general case writes it (the shortcut's reference)."""
    piece = truncate_bytes(line[start:], width)
    head = ELLIPSIS if start > 0 else ""
    tail = ELLIPSIS if start + len(piece) < len(line) else ""
    return f"{head}{piece.strip()}{tail}"


@given(_LINE, st.integers(1, 50))
def test_a_short_ascii_line_is_its_only_window(line: str, width: int) -> None:
    if line.isascii() and len(line) <= width:
        assert _windows(line, width) == [(0, line)]


@given(_LINE, st.integers(1, 50), st.integers(0, 10))
def test_a_segment_is_the_general_cut(line: str, width: int, start: int) -> None:
    line = line.strip()
    start = min(start, len(line))
    assert _segment([line], 0, start, width) == _general_segment(line, start, width)


@given(_LINE, _WORD, st.integers(1, 5))
def test_a_unit_of_one_needle_is_found_where_its_scan_finds_it(
    text: str, word: str, limit: int
) -> None:
    lowered = text.lower()
    cased = text if len(text) == len(lowered) else None
    unit = Unit((word,))
    assert unit.positions(lowered, limit, text) == _occurrences(lowered, word, limit, cased)
    assert unit.positions(lowered, text=text) == unit.positions(lowered, MAX_POSITIONS, text)


@given(
    st.lists(st.floats(0.01, 5.0), min_size=1, max_size=4),
    st.lists(st.frozensets(st.integers(1, 15), max_size=4), min_size=1, max_size=6),
)
def test_the_best_line_share_is_the_largest_share(
    weights: list[float], sets: list[frozenset[int]]
) -> None:
    units = tuple(f"w{index}" for index in range(len(weights)))
    groups = TermGroups(units, tuple(Unit((unit,)) for unit in units))
    weighing = Weighing(groups, weights)
    for masks in sets + sets:  # the second time from the memo
        expected = max((weighing.line_share(mask) for mask in masks), default=0.0)
        assert weighing.best_line_share(masks) == expected


@given(
    st.lists(st.integers(0, 200), min_size=1, max_size=12),
    st.lists(st.integers(0, 200), min_size=1, max_size=12),
)
def test_two_words_closest_pair_is_the_smallest_distance(
    first: list[int], second: list[int]
) -> None:
    assert min_span([first, second]) == min(abs(a - b) for a in first for b in second)


def _merged_closest_pair(first: list[int], second: list[int]) -> int:
    """The closest pair as a merge of both sorted lists found it, before bisection."""
    a, b = sorted(first), sorted(second)
    i = j = 0
    best = abs(a[0] - b[0])
    while i < len(a) and j < len(b):
        gap = a[i] - b[j]
        if gap < 0:
            best = min(best, -gap)
            i += 1
        else:
            best = min(best, gap)
            if gap == 0:
                break
            j += 1
    return best


@given(
    st.lists(st.integers(0, 40), min_size=1, max_size=12),
    st.lists(st.integers(0, 40), min_size=1, max_size=12),
)
@example([0, 60], [58, 200])  # the nearest is the longer list's first, not the first pair
@example([60, 0], [200, 58, 58])
def test_the_closest_pair_by_bisection_is_the_merges(first: list[int], second: list[int]) -> None:
    assert min_span([first, second]) == _merged_closest_pair(first, second)
    assert min_span([second, first]) == _merged_closest_pair(first, second)


@given(st.text(alphabet="ab-1 ", max_size=40), _WORD, st.integers(1, 5))
def test_only_inside_is_every_occurrence_inside_a_name(text: str, word: str, limit: int) -> None:
    found = _occurrences(text, word, limit)
    named = (word,)
    expected = (
        bool(found)
        and "-" not in word
        and all(_inside_longer_name(text, start, named) for start in found)
    )
    assert only_inside(text, found, word, named) == expected


_CODE_PIECES = ("def ", "class ", "fn ", "export ", "async ", "pub(crate) ", "+", "-", " ", "\t")
_LINE_PIECES = st.lists(st.sampled_from((*_CODE_PIECES, "=", "x", "f", "\n", "é", "_")), max_size=6)


@given(
    _LINE_PIECES,
    st.sampled_from(("", "=", " =", "= ", " = ", "==")),
    st.sampled_from(("", "re.compile(", "new RegExp(", "regexp.MustCompile(", "Regex::new(", "x")),
    _LINE_PIECES,
)
def test_a_definition_is_what_a_search_of_every_position_finds(
    before: list[str], sign: str, compiled: str, after: list[str]
) -> None:
    line = "".join(before) + sign + compiled + "".join(after)
    assert is_definition(line) == (_CODE_LINE.search(line) is not None)
