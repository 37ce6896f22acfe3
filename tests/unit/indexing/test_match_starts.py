"""The credential-word and pair-name scans try their pattern only where one of its starts
begins: every match begins with one, so the scan finds exactly what ``finditer`` finds, and
redaction redacts exactly what it did when it scanned every position."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from domain.lazy_pattern import LazyPattern
from domain.redaction import redact_secrets
from domain.redaction.assignments import _FLAG, _PAIR_NAME, PAIR_NAME_STARTS
from domain.redaction.prose_secrets import _CREDENTIAL, CREDENTIAL_STARTS

_SCANS = [(_CREDENTIAL, CREDENTIAL_STARTS), (_PAIR_NAME, PAIR_NAME_STARTS)]
# Pieces that make the patterns match, nearly match, and match inside or beside each other.
_PIECES = [
    *CREDENTIAL_STARTS,
    *PAIR_NAME_STARTS,
    "passwords",
    "passwd",
    "passphrase",
    "tokens",
    "credentials",
    "api key",
    "api_key",
    "access-key",
    "secret key",
    "private_key",
    "parametername",
    "value",
    "parametervalue",
    "username",
    "keys",
    "x",
    "9",
    "_",
    "-",
    "/",
    ".",
    " ",
    "\t",
    "\n",
    ":",
    "=",
    '"',
    "'",
    "db_password",
    "hunter2secret",
    "é",
]
_TEXTS = st.lists(st.sampled_from(_PIECES), max_size=40).map("".join)


def _spans(found: Iterator[object]) -> list[tuple[int, int]]:
    return [m.span() for m in found]  # type: ignore[attr-defined]


@pytest.mark.parametrize("index", range(len(_SCANS)))
@settings(max_examples=200, deadline=None)
@given(data=st.data())
def test_every_match_begins_with_one_of_the_starts(index: int, data: st.DataObject) -> None:
    pattern, starts = _SCANS[index]
    word = data.draw(st.from_regex(pattern.compiled.pattern, fullmatch=True))
    assert word.startswith(starts)


@pytest.mark.parametrize("index", range(len(_SCANS)))
@settings(max_examples=300, deadline=None)
@given(text=_TEXTS)
def test_the_scan_from_the_starts_finds_what_finditer_finds(index: int, text: str) -> None:
    pattern, starts = _SCANS[index]
    assert _spans(pattern.finditer_from(text, starts)) == _spans(pattern.finditer(text))


@settings(max_examples=300, deadline=None)
@given(text=_TEXTS, secret=st.sampled_from(["hunter2secret", "Winter2024!x", "sk9Xq2mVb7Lp4Rt8"]))
def test_redaction_is_the_same_as_with_a_scan_of_every_position(text: str, secret: str) -> None:
    for candidate in (text, f"{text} {secret}\n", f"{text}: {secret}\n"):
        expected = _everywhere(candidate)
        assert redact_secrets(candidate) == expected


def _every_position(
    pattern: LazyPattern, string: str, starts: object, positions: object = None
) -> Iterator[re.Match[str]]:
    return pattern.finditer(string)


def _everywhere(text: str) -> str:
    original = LazyPattern.finditer_from
    LazyPattern.finditer_from = _every_position  # type: ignore[method-assign,assignment]
    try:
        return redact_secrets(text)
    finally:
        LazyPattern.finditer_from = original  # type: ignore[method-assign]


def test_a_match_inside_the_last_one_is_not_reported() -> None:
    pattern = LazyPattern(r"ab(?:cab)?")
    assert _spans(pattern.finditer_from("abcab ab", ("ab",))) == [(0, 5), (6, 8)]


def test_a_word_boundary_looks_at_the_character_before_the_start() -> None:
    pattern = LazyPattern(r"\bkey")
    assert _spans(pattern.finditer_from("akey key", ("key",))) == [(5, 8)]


def test_a_prose_secret_in_a_long_log_is_still_redacted() -> None:
    line = "2025-06-14T00:00:02Z DEBUG req=dc15409c38f2 cache miss for key user:1:profile\n"
    text = line * 200 + "the api key is sk9Xq2mVb7Lp4Rt8\n" + "- name: DB_PASSWORD\n"
    text += "  value: Zq8vN3rT6yW1\n" + line * 10
    redacted = redact_secrets(text)
    assert "sk9Xq2mVb7Lp4Rt8" not in redacted
    assert "Zq8vN3rT6yW1" not in redacted
    assert redacted.count("cache miss for key user:1:profile") == 210


_FLAG_BEFORE = LazyPattern(
    r"(?<![a-z0-9_-])--?(?P<name>[a-z0-9-]*(?:pass|pwd|secret|token|credential|key|auth)"
    r"[a-z0-9-]*)[ \t]+(?=[^\s-])"
)
_FLAG_TEXTS = st.lists(
    st.sampled_from(["-", "--", "a", "9", "_", " ", "\t", "\n", "x", "pass", "token", "key"]),
    max_size=30,
).map("".join)


@settings(max_examples=400, deadline=None)
@given(text=_FLAG_TEXTS)
def test_the_flag_pattern_opening_on_its_dash_matches_as_it_did(text: str) -> None:
    assert _spans(_FLAG.finditer(text)) == _spans(_FLAG_BEFORE.finditer(text))


def test_a_flag_given_a_secret_is_still_redacted() -> None:
    assert "Zq8vN3rT6yW1" not in redact_secrets("$ tool --db-password Zq8vN3rT6yW1 --x\n")
