"""Substring tests asked first for one character of the substring (ADR 0216): the same answers
as the plain tests, for the signs of test-result windows, of outcome words and of requests'
statuses (the tool vocabulary's, behind several characters: ``test_tool_vocabulary_signs``)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from domain.chunking.outcome_titles import _RESULT_MARKS, _RESULT_SHAPES, _may_hold_results
from domain.search import needle_scan as ns
from domain.search import outcome_words as ow
from domain.search.line_facts import _REQUEST_STATUS, request_statuses
from domain.search.sign_gates import gated, holds_gated, sign_gate
from domain.search.tool_vocabulary import _ENTRIES

_TOOL_SIGNS = tuple(sign for signs, _, _ in _ENTRIES for _, sign in signs if isinstance(sign, str))
# Pieces the texts are made of: every sign whole and cut, what their patterns need around
# them, and characters a gate may be (capitals, colons, parentheses, dots, dashes).
_PIECES = st.sampled_from(
    [
        *_TOOL_SIGNS,
        *_RESULT_SHAPES,
        *_RESULT_MARKS,
        *(sign[: len(sign) // 2] for sign in (*_TOOL_SIGNS, *_RESULT_SHAPES)),
        *(sign[len(sign) // 2 :] for sign in (*_TOOL_SIGNS, *_RESULT_SHAPES)),
        "python:3.12",
        "(256 bit)",
        "id-ecPublicKey",
        "Rebasing (1/2)",
        "rebase in progress; onto 79e246d",
        "Next command to do (1 remaining command):",
        "fd1bbd85 src/a.py (Ann Lee 2026-12-02 16:52:09 +0000  4)",
        "32c7e57c a.py (Bo Chen 2026-12-05 12:43:17 -0800  5)",
        "test_a.py::test_x PASSED",
        "test it_works ... ok",
        "--- FAIL: TestX",
        "\n",
        " ",
        ":",
        "(",
        ".",
        "-",
        "P",
        "F",
        "word",
        "E   AssertionError: x",
        "  E  ",
        "E",
        "SyntaxError: invalid",
        "SYNTAX ERROR",
        "syntax error near",
        "YNTAX",
        '1.2.3.4 - - "GET /a HTTP/1.1" 500 12',
        '"POST /x HTTP/2" 404 ',
        "H",
        "ERROR",
        "panic: x",
        "timed out",
        "exit code 1",
        "✗ x",
        "[error]",
    ]
)
_TEXTS = st.lists(_PIECES, max_size=12).map("".join) | st.text(max_size=60)


def _may_hold_results_scanning_each_shape(text: str) -> bool:
    if any(shape in text for shape in _RESULT_SHAPES):
        return True
    return not text.isascii() and any(mark in text for mark in _RESULT_MARKS)


def _outcome_facts_scanning_each_sign(text: str) -> str:
    """``outcome_facts`` as it was before its capitals' gates: ``E  `` and the typo signs
    looked for in every text."""
    words: dict[str, None] = {}

    def add(said: str) -> None:
        words.update(dict.fromkeys(said.split()))

    lowered = text.lower()
    crash = ns.holds_any(lowered, ow._CRASH_SIGNS)
    exits = ns.holds_any(text, ow._EXIT_SIGNS)
    timeout = ns.holds_any(text, ow._TIMEOUT_SIGNS)
    folded = lowered if (crash or exits or timeout) and ns.folds_alike(text, lowered) else None
    if ns.holds_any(text, ow.error_signs(text, lowered)) and ns.found_at_needles(
        ow._ERROR_LEVEL, text, text, ow._ERROR_NEEDLES
    ):
        add(ow._ERROR_WORDS)
    if crash and ns.found_at_needles(ow._CRASH, text, folded, ow._CRASH_NEEDLES):
        add(ow._CRASH_WORDS)
    if exits and ns.found_at_needles(ow._EXIT, text, folded, ow._EXIT_NEEDLES):
        add(ow._ERROR_WORDS)
    marks = not text.isascii() and ("✗" in text or "×" in text or "✕" in text)
    if ("E  " in text or marks) and ns.found_at_needles(
        ow._FAILED_MARK, text, text, ow._FAILED_NEEDLES
    ):
        add(ow._FAILED_WORDS)
    if timeout and ns.found_at_needles(ow._TIMEOUT, text, folded, ow._TIMEOUT_NEEDLES):
        add(ow._TIMEOUT_WORDS)
    if ns.holds_any(text, ow._TYPO_SIGNS):
        typo = lowered if ns.folds_alike(text, lowered) else None
        if ns.found_at_needles(ow._TYPO, text, typo, ow._TYPO_NEEDLES):
            add(ow._TYPO_WORDS)
    if not words:
        return ""
    return " ".join(word for word in words if ow._STEMS[word] not in lowered)


@given(st.text(min_size=1, max_size=12))
def test_a_sign_s_gate_is_one_of_its_characters_or_none(sign: str) -> None:
    gate = sign_gate(sign)
    assert gate == "" or (gate in sign and len(gate) == 1)


@settings(max_examples=1500)
@given(_TEXTS, st.lists(_PIECES | st.text(min_size=1, max_size=6), min_size=1, max_size=5))
def test_gated_signs_are_found_where_the_plain_scans_find_them(text: str, signs: list[str]) -> None:
    assert holds_gated(text, gated(tuple(signs))) == any(sign in text for sign in signs)


@settings(max_examples=1500)
@given(_TEXTS)
def test_gated_result_shapes_tell_the_same_windows_apart(text: str) -> None:
    assert _may_hold_results(text) == _may_hold_results_scanning_each_shape(text)


@settings(max_examples=1500)
@given(_TEXTS)
def test_outcome_words_behind_their_capitals_are_those_every_sign_scanned_gives(
    text: str,
) -> None:
    assert ow.outcome_facts(text) == _outcome_facts_scanning_each_sign(text)


_REQUEST_TEXTS = st.lists(
    st.sampled_from(
        ['"GET /a HTTP/1.1" 500 ', '"PUT /b HTTP/2" 404 ', "HTTP/", "H", "h", " ", "\n"]
    ),
    max_size=8,
).map("".join)


@settings(max_examples=1000)
@given(_REQUEST_TEXTS | _TEXTS)
def test_request_statuses_behind_a_capital_are_those_of_the_whole_scan(text: str) -> None:
    expected = (
        [(m.start(), int(m.group(1))) for m in _REQUEST_STATUS.finditer(text)]
        if "HTTP/" in text
        else []
    )
    assert request_statuses(text) == expected


def test_the_gates_of_the_signs_are_their_capitals_and_punctuation() -> None:
    assert [sign_gate(s) for s in ("FROM ", "::", " ... ", "--- ", " to do (", "ebas", "\n")] == [
        "F",
        ":",
        ".",
        "-",
        "(",
        "",
        "",
    ]
