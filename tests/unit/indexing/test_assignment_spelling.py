"""The assignments' pattern, spelled to fail sooner on a stem inside a word (ADR 0310) and on a
name no operator follows (ADR 0347), matches exactly as its plain spelling: at every position of
text built from the pattern's own pieces (stems and their near-misses, name characters, quotes,
a backslash, ``]``, blanks, operators), of names about as long as the look-ahead reads, and of
any text, the same match or none, with the same groups."""

from __future__ import annotations

import re

from hypothesis import given, settings
from hypothesis import strategies as st

from domain.redaction.assignments import _ASSIGNMENT, _STEM, STEMS

# The spelling it replaced.
_PLAIN = re.compile(
    rf"(?P<name>(?P<stem>{_STEM})(?:(?!{_STEM})[a-z0-9_.\-])*+)"
    rf"(?:(?P<close>\\?[\"'`])\]?)?(?P<space>[ \t]*+)"
    r"(?P<op>:=|=>|===?|=|:(?!:)|,)[ \t]*+"
)

_PIECES = [
    *STEMS,
    *(stem[:cut] for stem in STEMS for cut in range(1, len(stem))),  # near-misses: ``pas``, ``k``
    "word",
    "x9",
    "b",
    "z",
    "0",
    "_",
    "-",
    ".",
    "=",
    "==",
    "===",
    ":=",
    "=>",
    ":",
    "::",
    ",",
    '"',
    "'",
    "`",
    "\\",
    "]",
    '\\"',  # the quote closing an escaped string, and a key's closing bracket
    "\\'",
    '"]',
    "`]",
    " ",
    "\t",
    "\n",
    "K",
    "é",
    "/",
    "@",
]
_PIECE_LISTS = st.lists(st.sampled_from(_PIECES), max_size=20).map("".join)
# A stem, a run of name characters around the look-ahead's reach (64), then pieces.
_LONG_NAMES = st.tuples(
    st.sampled_from(STEMS),
    st.integers(min_value=58, max_value=70),
    st.sampled_from(["x", "_", "9", ".", "-", "b"]),
    _PIECE_LISTS,
).map(lambda p: p[0] + p[2] * p[1] + p[3])
_TEXT = st.one_of(_PIECE_LISTS, _LONG_NAMES, st.text(max_size=40))


def _everywhere(pattern: re.Pattern[str], text: str) -> list[object]:
    found = []
    for at in range(len(text) + 1):
        match = pattern.match(text, at)
        found.append(None if match is None else (match.span(), match.regs, match.groupdict()))
    return found


@settings(max_examples=3000, deadline=None)
@given(_TEXT)
def test_the_assignment_matches_as_its_plain_spelling_at_every_position(text: str) -> None:
    assert _everywhere(_ASSIGNMENT.compiled, text) == _everywhere(_PLAIN, text)


@settings(max_examples=1000, deadline=None)
@given(_TEXT)
def test_the_assignment_finds_what_its_plain_spelling_finds(text: str) -> None:
    assert [m.regs for m in _ASSIGNMENT.finditer(text)] == [m.regs for m in _PLAIN.finditer(text)]


def test_each_shape_still_matches_where_it_did() -> None:
    for text in (
        "db_password=hunter2secret",
        'API_KEY = "x"',
        '"auth_token": "abc"',
        "passwordkey := v",
        'secret\\"]: v',
        "token, v",
        "credential=>v",
    ):
        lowered = text.lower()
        assert _ASSIGNMENT.search(lowered) is not None
        assert _everywhere(_ASSIGNMENT.compiled, lowered) == _everywhere(_PLAIN, lowered)
