"""The tool vocabulary's signs found in one pass of an automaton (ADR 0401): the strings a
listed pattern sign matches are exactly its matches, the automaton names every string a text
holds (overlapping ones, non-ASCII ones too), and the facts are the same with the automaton
and without it (the package missing: every sign asked one by one)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import ahocorasick_rs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from domain.search import tool_vocabulary
from domain.search.language_codes import LOCALE_ENTRIES
from domain.search.literal_signs import literal_finder
from domain.search.sign_literals import PATTERN_LITERALS, sign_literals
from domain.search.tool_vocabulary import _ENTRIES, tool_vocabulary_facts

_OWN = _ENTRIES[: -len(LOCALE_ENTRIES)]
_REAL = Path(__file__).parents[2] / "fixtures" / "bench-real"


def test_the_automaton_names_every_string_a_text_holds_overlapping_ones_too() -> None:
    found = literal_finder(("abc", "bc", "c", "cd", "✗ ", "zz"))
    assert found is not None
    assert found("xabcd") == {0, 1, 2, 3}
    assert found("ran ✗ 2 failed") == {4}
    assert found("zzz") == {5}
    assert found("") == set()
    assert found("a\udcffbc") == {1, 2}  # a lone surrogate, as ``surrogateescape`` reads one


@settings(max_examples=500)
@given(st.lists(st.sampled_from(["a", "b", "ab", "ba", "é", "✗", "\n", "\udcff"]), max_size=12))
def test_the_automaton_finds_what_in_finds(pieces: list[str]) -> None:
    literals = ("ab", "ba", "aba", "é", "✗\n", "b\udcff", "bb")
    found = literal_finder(literals)
    assert found is not None
    text = "".join(pieces)
    assert found(text) == {place for place, literal in enumerate(literals) if literal in text}


def test_without_the_package_there_is_no_automaton() -> None:
    assert literal_finder(("abc",), automata=None) is None
    assert literal_finder((), automata=ahocorasick_rs) is None
    assert tool_vocabulary._FIND_LITERALS is not None


def _pattern_pieces(pattern: str) -> list[str]:
    """What a text near the pattern's matches is made of: its strings' characters and halves,
    and characters around them."""
    literals = PATTERN_LITERALS[pattern]
    characters = {c for literal in literals for c in literal}
    halves = {literal[: len(literal) // 2] for literal in literals}
    return sorted(characters | halves | {"q", "Q", " ", "\n", "8", "z"})


@pytest.mark.parametrize("pattern", sorted(PATTERN_LITERALS))
def test_a_listed_pattern_matches_exactly_where_one_of_its_strings_stands(pattern: str) -> None:
    compiled = re.compile(pattern)
    literals = PATTERN_LITERALS[pattern]
    assert len(set(literals)) == len(literals)
    for literal in literals:
        assert compiled.search(literal) is not None, literal
        for cut in (literal[1:], literal[:-1]):  # no shorter string matches
            assert compiled.search(cut) is None or any(other in cut for other in literals)

    @settings(max_examples=400, deadline=None)
    @given(st.lists(st.sampled_from(_pattern_pieces(pattern)), max_size=10).map("".join))
    def matches_exactly(text: str) -> None:
        held = any(literal in text for literal in literals)
        assert (compiled.search(text) is not None) == held, text

    matches_exactly()


def test_every_listed_pattern_is_a_sign_of_the_table_and_found_by_its_strings() -> None:
    used = {
        getattr(sign, "__self__", None)
        for signs, _, _ in _OWN
        for _, sign in signs
        if not isinstance(sign, str) and sign_literals(sign) is not None
    }
    assert {pattern.pattern for pattern in used if pattern is not None} == set(PATTERN_LITERALS)
    assert sign_literals("FROM ") == ("FROM ",)
    assert sign_literals(re.compile(r"\n-").match) is None
    assert sign_literals(re.compile(r"\n-", re.M).search) is None
    assert sign_literals(str.isdigit) is None


def _facts_one_by_one(text: str, lowered: str | None, monkeypatch: pytest.MonkeyPatch) -> str:
    with monkeypatch.context() as patched:
        patched.setattr(tool_vocabulary, "_FIND_LITERALS", None)
        return tool_vocabulary_facts(text, lowered)


def _haystacks() -> list[str]:
    found: dict[str, None] = {}
    for path in sorted(_REAL.glob("*.jsonl")):
        for line in path.read_text(encoding="utf-8").splitlines():
            found[json.loads(line)["haystack"]] = None
    return list(found)


def test_every_real_output_gets_the_same_facts_with_the_automaton_and_without(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    told = 0
    for haystack in _haystacks():
        for text in (haystack, *haystack.split("\n\n")):
            lowered = text.lower()
            for asked, given_lowered in ((text, None), (text, lowered), (lowered, lowered)):
                expected = _facts_one_by_one(asked, given_lowered, monkeypatch)
                assert tool_vocabulary_facts(asked, given_lowered) == expected
                told += expected != ""
    assert told > 300


# The signs' strings, the characters they are asked behind, and pieces of real tools' lines.
_PIECES = st.sampled_from(
    [
        *(literal for literals in PATTERN_LITERALS.values() for literal in literals),
        *(sign for signs, _, _ in _OWN for _, sign in signs if isinstance(sign, str)),
        *(characters for signs, _, _ in _OWN for characters, _ in signs),
        "-rwxr-xr-x 1 root root 8 Jan  1 00:00 run.sh",
        "drwxrwxrwt 2 root root 4096 Jan  1 00:00 tmp",
        "* main 4f2a9c1 [origin/main: ahead 2] fix",
        "p95_ms",
        "a,b,c",
        "isdst=1",
        "cap_net_raw",
        " ",
        "\n",
        "é",
    ]
)


@settings(max_examples=1500, deadline=None)
@given(st.lists(_PIECES, max_size=12).map("\n".join) | st.lists(_PIECES, max_size=8).map("".join))
def test_a_text_of_signs_gets_the_same_facts_with_the_automaton_and_without(text: str) -> None:
    with pytest.MonkeyPatch.context() as patched:
        patched.setattr(tool_vocabulary, "_FIND_LITERALS", None)
        expected = [tool_vocabulary_facts(text), tool_vocabulary_facts(text.lower(), text.lower())]
    assert [tool_vocabulary_facts(text), tool_vocabulary_facts(text.lower(), text.lower())] == (
        expected
    )
