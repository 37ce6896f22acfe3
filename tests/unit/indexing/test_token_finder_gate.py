"""A one-character guard's finder asks the character before it first when the guard opens
none of its needles (ADR 0310): at every position of text built from the needles, their
pieces and their near-misses, and of any text, it matches exactly where the finder without
that first look matches."""

from __future__ import annotations

import re

from hypothesis import given, settings
from hypothesis import strategies as st

from domain.redaction.prefixed_tokens import (
    _AT_GUARD,
    _FINDERS,
    _TAIL_FINDERS,
    _TOKENS,
    redact_prefixed_tokens,
)


def _plain_finder(char: str) -> re.Pattern[str]:
    """The finder as it was spelled before the look at the character before ``char``."""
    shapes = sorted(
        (f"(?<={re.escape(needle[: at + 1])})" if at else "")
        + (f"(?={re.escape(needle[at + 1 :])})" if at + 1 < len(needle) else "")
        for needle, at in _AT_GUARD[char]
    )
    return re.compile(f"{re.escape(char)}(?:{'|'.join(shapes)})")


def _plain_tail(char: str) -> re.Pattern[str]:
    """The finder of the reversed text as it was spelled, one branch per needle."""
    heads = sorted({re.escape(needle[-2::-1]) for needle, _ in _AT_GUARD[char]})
    return re.compile(f"{re.escape(char)}(?={'|'.join(heads)})")


_PLAIN = {char: _plain_finder(char) for char in _AT_GUARD}
_PLAIN_TAILS = {char: _plain_tail(char) for char in _TAIL_FINDERS}
_NEEDLES = sorted({needle for needles in _AT_GUARD.values() for needle, _ in needles})
_PIECES = [
    *_NEEDLES,
    *(needle[:cut] for needle in _NEEDLES for cut in range(1, len(needle))),
    *(needle[cut:] for needle in _NEEDLES for cut in range(1, len(needle))),
    *_AT_GUARD,
    "2025",
    "06",
    "x",
    "K",
    " ",
    "\n",
    "é",
]
_TEXT = st.one_of(st.lists(st.sampled_from(_PIECES), max_size=12).map("".join), st.text())


def _places(pattern: re.Pattern[str], text: str) -> list[tuple[int, int] | None]:
    return [
        None if (found := pattern.match(text, at)) is None else found.span()
        for at in range(len(text) + 1)
    ]


@settings(max_examples=3000, deadline=None)
@given(_TEXT)
def test_each_finder_matches_where_its_plain_spelling_does(text: str) -> None:
    for char, finder in _FINDERS.items():
        assert _places(finder.compiled, text) == _places(_PLAIN[char], text), char
        assert [m.span() for m in finder.finditer(text)] == [
            m.span() for m in _PLAIN[char].finditer(text)
        ], char


@settings(max_examples=3000, deadline=None)
@given(_TEXT)
def test_each_reversed_text_finder_matches_where_its_plain_spelling_does(text: str) -> None:
    for backwards in (text, text[::-1]):
        for char, tail in _TAIL_FINDERS.items():
            plain = _PLAIN_TAILS[char]
            assert _places(tail.compiled, backwards) == _places(plain, backwards), char


def test_a_guard_opening_no_needle_asks_the_character_before_it() -> None:
    assert _FINDERS["-"].compiled.pattern != _PLAIN["-"].pattern
    assert _FINDERS["-"].match("2025-06", 4) is None
    assert _FINDERS["-"].match("use glpat-xyz", 9) is not None
    # A guard that opens a needle (``AKIA``) keeps its spelling.
    assert _FINDERS["A"].compiled.pattern == _PLAIN["A"].pattern


_GITHUB = ["ghp_", "gho_", "ghu_", "ghs_", "ghr_", "gh", "_", "github_pat_", "G", "h", "p"]
_TOKEN_TEXT = st.lists(
    st.one_of(
        st.sampled_from([*_GITHUB, *_NEEDLES, " ", "\n", "-", "x"]),
        st.text("abcXYZ019", min_size=30, max_size=40),
    ),
    max_size=8,
).map("".join)


@settings(max_examples=2000, deadline=None)
@given(_TOKEN_TEXT)
def test_prefixed_tokens_are_redacted_as_by_every_pattern_run_on_every_text(text: str) -> None:
    """The guards and needles only spare patterns that cannot match: the result is what
    running every pattern, in order, gives."""
    expected = text
    for _, pattern in _TOKENS:
        expected = pattern.sub("[R]", expected)
    assert redact_prefixed_tokens(text, "[R]") == expected
