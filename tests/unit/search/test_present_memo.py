"""The memo of which units a text holds keeps one search's repeats, not every text ever seen."""

from __future__ import annotations

from domain.search.matching import PRESENT_MEMO, _present, term_groups
from domain.search.query import parse_query


def test_the_memo_is_bounded_and_holds_a_searchs_texts() -> None:
    assert _present.cache_info().maxsize == PRESENT_MEMO <= 512
    groups = term_groups(parse_query("connection refused"))
    _present.cache_clear()
    lines = [f"line {n}: connection refused by host {n}" for n in range(200)]
    first = [groups.present(line) for line in lines]
    again = [groups.present(line) for line in lines]
    assert first == again == [[True, True]] * 200
    info = _present.cache_info()
    assert (info.hits, info.misses) == (200, 200)  # a search's second look is free


def test_texts_beyond_the_bound_leave_the_memo() -> None:
    groups = term_groups(parse_query("deploy"))
    _present.cache_clear()
    for n in range(PRESENT_MEMO * 3):
        groups.present(f"text {n} deploy")
    assert _present.cache_info().currsize == PRESENT_MEMO
