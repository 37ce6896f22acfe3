"""Snippets: windows around matches, merged, capped, marked where cut."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from domain.search.snippet import ELLIPSIS, extract_snippet, strip_marks, windows


def test_short_content_is_returned_whole() -> None:
    assert extract_snippet("short text", [3]) == "short text"


def test_markers_are_stripped_and_their_offsets_kept() -> None:
    assert strip_marks("a \x02bc\x03 d \x02e\x03") == ("a bc d e", [2, 7])


def test_overlapping_windows_merge() -> None:
    assert windows(1000, [100, 150, 900], context=100) == [(0, 250), (800, 1000)]


def test_long_content_gives_windows_with_ellipses_at_cuts() -> None:
    content = "lorem " * 400 + "NEEDLE here " + "ipsum " * 400
    snippet = extract_snippet(content, [content.index("NEEDLE")], max_chars=200, context=60)
    assert "NEEDLE" in snippet
    assert snippet.startswith(ELLIPSIS) and snippet.endswith(ELLIPSIS)
    assert len(snippet) <= 200 + 2


def test_without_positions_the_beginning_is_shown() -> None:
    snippet = extract_snippet("word " * 1000, [], max_chars=100)
    assert snippet.startswith("word") and snippet.endswith(ELLIPSIS)
    assert len(snippet) <= 101


@given(
    st.text(min_size=0, max_size=3000),
    st.lists(st.integers(min_value=0, max_value=3000), max_size=8),
    st.integers(min_value=10, max_value=1500),
)
def test_snippets_are_valid_utf8_bounded_and_taken_from_the_content(
    content: str, positions: list[int], cap: int
) -> None:
    positions = [p for p in positions if p < len(content)]
    snippet = extract_snippet(content, positions, max_chars=cap, context=50)
    snippet.encode("utf-8")  # never a broken character
    if len(content) <= cap:
        assert snippet == content
        return
    pieces = [p.removeprefix(ELLIPSIS).removesuffix(ELLIPSIS) for p in snippet.split("\n\n")]
    assert sum(len(p) for p in pieces) <= cap
    for piece in pieces:
        assert piece in content
