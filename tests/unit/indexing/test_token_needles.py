"""Each whole-token pattern runs only on text holding one of its literal pieces: every token
the pattern matches holds one, so skipping the pattern elsewhere misses nothing."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from domain.redaction import (
    _KEY_GLUES,
    _KEY_OWNERS,
    _PLAIN_PROSE_WORDS,
    _PROSE_WORDS,
    SECRET_MARKER,
    _holds_a_prose_word,
    redact_secrets,
)
from domain.redaction.command_secrets import _COMMANDS
from domain.redaction.prefixed_tokens import (
    _AT_GUARD,
    _FINDERS,
    _GUARDED,
    _MARKS,
    _REVERSED_CHARS,
    _SHARED_OPENINGS,
    _TAIL_FINDERS,
    _TOKENS,
    _Guarded,
    _holds_a_needle,
    _needles_ending,
    redact_prefixed_tokens,
)
from domain.redaction.prose_secrets import _CREDENTIAL


def _without_lookbehind(source: str) -> str:
    return source.split(")", 1)[1] if source.startswith("(?<!") else source


@pytest.mark.parametrize("index", range(len(_TOKENS)))
@settings(max_examples=60, deadline=None)
@given(data=st.data())
def test_every_match_holds_one_of_its_needles(index: int, data: st.DataObject) -> None:
    needles, pattern = _TOKENS[index]
    token = data.draw(st.from_regex(_without_lookbehind(pattern.compiled.pattern), fullmatch=True))
    assert any(needle in token for needle in needles)
    assert SECRET_MARKER in redact_secrets(f"value {token} end")


@settings(max_examples=200, deadline=None)
@given(data=st.data())
def test_every_credential_word_of_prose_holds_one_of_the_prose_needles(
    data: st.DataObject,
) -> None:
    word = data.draw(st.from_regex(_CREDENTIAL.compiled.pattern, fullmatch=True))
    assert any(needle in word.lower() for needle in _PROSE_WORDS)


@pytest.mark.parametrize("text", ["password", "my api key is", "access-key", "PRIVATE_KEY"])
def test_a_credential_word_opens_the_prose_scan(text: str) -> None:
    assert any(needle in text.lower() for needle in _PROSE_WORDS)


def test_a_log_that_says_key_alone_keeps_prose_secrets_and_skips_the_scan() -> None:
    log = "2025-06-14T00:00:02Z DEBUG cache miss for key user:50355:profile (shard 835)\n"
    assert not any(needle in log.lower() for needle in _PROSE_WORDS)
    assert redact_secrets(log) == log
    said = log + "the api key is sk9Xq2mVb7Lp4Rt8\n"
    assert "sk9Xq2mVb7Lp4Rt8" not in redact_secrets(said)


@settings(max_examples=100, deadline=None)
@given(data=st.data())
def test_a_command_word_holds_one_of_its_names(data: st.DataObject) -> None:
    for command in (c for c in _COMMANDS if c.names):
        word = data.draw(st.from_regex(command.word.compiled.pattern, fullmatch=True))
        assert any(name in word.lower() for name in command.names)


def test_a_registry_login_is_redacted_and_a_web_login_is_left_alone() -> None:
    typed = "$ docker login -p Sup3rSecretPw registry.example.com\n"
    assert "Sup3rSecretPw" not in redact_secrets(typed)
    web = '10.0.201.212 - - [2025-06-14T00:00:22Z] "GET /login HTTP/1.1" 204 29280 rt=0.270\n'
    assert redact_secrets(web) == web


@pytest.mark.parametrize("index", range(len(_GUARDED)))
def test_every_guard_is_part_of_its_needle(index: int) -> None:
    """A text without the guard cannot hold the needle, so skipping it misses nothing."""
    guarded, pattern = _GUARDED[index]
    assert pattern is _TOKENS[index][1]
    assert tuple(needle for _, needle in guarded) == _TOKENS[index][0]
    for guard, needle in guarded:
        assert guard and guard in needle


@settings(max_examples=300, deadline=None)
@given(text=st.text(alphabet="skAKIASIAzaeyJpr-_ghoutb1xnmlvd Z9.", max_size=60))
def test_the_guarded_test_answers_as_the_needles_do(text: str) -> None:
    seen: dict[str, bool] = {}
    for (guarded, _), (needles, _) in zip(_GUARDED, _TOKENS, strict=True):
        # Without the marks' places, an opening shared by a pattern's needles (``gl``) stands
        # for them, as the needle they were before (the pattern then looks for itself).
        shared = {guard for guard, _ in guarded if guard in _SHARED_OPENINGS}
        expected = any(n in text for n in (*needles, *shared))
        assert _holds_a_needle(text, guarded, seen) == expected


def test_a_token_after_a_redacted_one_is_still_found() -> None:
    """The marker holds capitals: the guards are looked for again once a pattern matched."""
    key = "AKIA" + "ABCDEFGHIJKLMNOP"
    jwt = "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0In0.c2lnbmF0dXJlX2hlcmU"
    text = f"sk-ant-{'a' * 24} then {key} and {jwt} and sk-{'b' * 24}"
    redacted = redact_secrets(text)
    assert redacted.count(SECRET_MARKER) == 4, redacted
    assert (
        redact_secrets("x" * 10 + " plain text without tokens")
        == "x" * 10 + " plain text without tokens"
    )


_PROSE_PIECES = ["api", "access", "private", "key", " ", "_", "-", "pass", "x", "k", "e", "y", "a"]


@settings(max_examples=300, deadline=None)
@given(text=st.lists(st.sampled_from(_PROSE_PIECES), max_size=12).map("".join))
def test_the_prose_words_are_looked_for_as_the_list_says(text: str) -> None:
    assert _holds_a_prose_word(text) == any(word in text for word in _PROSE_WORDS)


def test_underscores_guard_the_needles_that_hold_one() -> None:
    log = "2025-06-14T00:00:02Z INFO req=ab12 GET /api/orders 200\n"
    seen: dict[str, bool] = {}
    assert not any(_holds_a_needle(log, guarded, seen) for guarded, _ in _GUARDED)
    assert "_" in seen and "github_pat_" not in seen
    token = "ghp_" + "a1" * 18
    assert SECRET_MARKER in redact_secrets(f"{log}token {token}\n")


_NEEDLE_PIECES = [
    "_",
    "gh",
    "p",
    "o",
    "github",
    "pat",
    "npm",
    "dop",
    "v1",
    "live",
    "test",
    "sk",
    "x",
    "A",
    "KIA",
    "SIA",
    "pypi-",
    "gEI",
    ":",
    "GE-SECRET-KEY-1",
    "TATT3",
    "eyJ",
    "sk.",
    "S",
    "G.",
    "Q",
    "~",
    "fm",
    "1a",
    "2",
    "fo1",
    "sb",
    "secret",
    "dckr",
    "gsk",
    "r8",
    "glsa",
    "glc",
    "-",
    ".",
    "k-",
    "ant-",
    "ak",
    "rk",
    "pk",
    "xapp-",
    "pplx-",
    "pl",
    "xai-",
    "ai",
    "ya29",
    "ya29.",
    "9.",
    "gl",
    "glpat-",
    "rt-",
    "agent",
    "xox",
    "xoxb-",
    "b-",
    "hv",
    "hvs.",
    "s.",
]


def _joined_with_filler(pieces: list[str], filler: str, where: int) -> str:
    """The pieces joined, ``filler`` among them at ``where``: long filler makes a guard
    character rare in the text (each of its places looked at), none leaves it dense."""
    return "".join([*pieces[:where], filler, *pieces[where:]])


@settings(max_examples=400, deadline=None)
@given(
    pieces=st.lists(st.sampled_from(_NEEDLE_PIECES), max_size=16),
    padding=st.integers(0, 3),
    where=st.integers(0, 16),
)
def test_needles_guarded_by_one_character_are_found_as_by_scans(
    pieces: list[str], padding: int, where: int
) -> None:
    # Long enough per guard character for the look-ups at each (a log), or not (the finder).
    text = _joined_with_filler(pieces, "x" * 1100 * padding, where)
    seen: dict[str, bool] = {}
    found: dict[str, _Guarded] = {}
    for (guarded, _), (needles, _) in zip(_GUARDED, _TOKENS, strict=True):
        expected = any(n in text for n in needles)
        assert _holds_a_needle(text, guarded, seen, found) == expected


def test_a_token_in_a_long_log_with_few_underscores_is_redacted() -> None:
    log = "2025-06-14T00:00:02Z INFO req=ab12 GET /api/orders 200\n" * 200
    for token in ("ghp_" + "a1" * 18, "npm_" + "b2" * 18, "sk_live_" + "c3" * 10):
        redacted = redact_secrets(f"{log}token {token} price_of\n{log}")
        assert token not in redacted and SECRET_MARKER in redacted


def _needles_at_each_place(text: str, char: str) -> frozenset[str]:
    """The needles guarded by ``char`` that ``text`` holds, each needle tried at each place of
    ``char`` (what ``_Guarded`` did before asking its finder there)."""
    at_guard = _AT_GUARD[char]
    places = [at for at in range(len(text)) if text[at] == char]
    return frozenset(
        needle
        for at in places
        for needle, offset in at_guard
        if at >= offset and text.startswith(needle, at - offset)
    )


_GUARD_PIECES = [*_NEEDLE_PIECES, "A", "AA", ":A", "pypi-A", "S", "SG", "J", "eyJ", "Q", "_", " "]


@settings(max_examples=1500, deadline=None)
@given(
    pieces=st.lists(st.sampled_from(_GUARD_PIECES), max_size=24),
    padding=st.integers(0, 2),
    where=st.integers(0, 24),
)
def test_needles_found_by_the_finder_at_each_place_are_those_of_each_needle_tried(
    pieces: list[str], padding: int, where: int
) -> None:
    # Padded past a KiB per place of the character (each place asked) or not (the finder's pass).
    text = _joined_with_filler(pieces, "x" * 1100 * padding, where)
    for char in _AT_GUARD:
        assert _Guarded(text, char)._find() == _needles_at_each_place(text, char)


def _needles_at_the_finder_s_places(text: str, char: str) -> frozenset[str]:
    """The needles guarded by ``char`` that ``text`` holds, read at each place the forward
    finder matches (the rule before a text was read backwards)."""
    return frozenset(
        needle
        for match in _FINDERS[char].finditer(text)
        for needle, offset in _AT_GUARD[char]
        if match.start() >= offset and text.startswith(needle, match.start() - offset)
    )


def test_the_underscore_s_needles_are_read_backwards() -> None:
    # Every needle ``_`` guards ends on one, so its places are found in the reversed text.
    assert "_" in _TAIL_FINDERS


@settings(max_examples=2000, deadline=None)
@given(
    pieces=st.lists(st.sampled_from(_GUARD_PIECES), max_size=24),
    char=st.sampled_from(sorted(_TAIL_FINDERS)),
)
def test_needles_found_in_the_reversed_text_are_those_the_finder_finds(
    pieces: list[str], char: str
) -> None:
    text = "".join(pieces)
    found = _needles_ending(text, _TAIL_FINDERS[char], _AT_GUARD[char])
    assert found == _needles_at_the_finder_s_places(text, char)
    assert found == {needle for needle, _ in _AT_GUARD[char] if needle in text}


def _holds_a_key_form_by_scans(lowered: str) -> bool:
    """The twelve ``…key`` forms each looked for in the whole text (the rule before the places
    of ``key`` were looked behind)."""
    return "key" in lowered and any(
        f"{owner}{glue}key" in lowered for owner in _KEY_OWNERS for glue in _KEY_GLUES
    )


_KEY_PIECES = ["key", "api", "access", "private", " ", "_", "-", "k", "ey", "pi", "x", "\n"]


@settings(max_examples=2000, deadline=None)
@given(
    pieces=st.lists(st.sampled_from(_KEY_PIECES), max_size=30),
    padding=st.integers(0, 3),
    where=st.integers(0, 30),
)
def test_a_key_form_found_behind_the_places_of_key_is_one_the_scans_find(
    pieces: list[str], padding: int, where: int
) -> None:
    # Padded so that ``key`` is rare (each place looked behind) or not (the scans).
    lowered = _joined_with_filler(pieces, "y" * 700 * padding, where)
    expected = any(w in lowered for w in _PLAIN_PROSE_WORDS) or _holds_a_key_form_by_scans(lowered)
    assert _holds_a_prose_word(lowered) == expected


def test_each_mark_is_the_last_character_of_the_needles_it_marks() -> None:
    # ADR 0258: ``-`` and ``.`` stand for the needles guarded by longer pieces; each ends on
    # its mark, so where a mark is dense they are read in the reversed text.
    assert set(_MARKS.values()) == {"-", "."}
    assert {"sk-", "sk-ant-", "xapp-", "pplx-", "xai-", "ya29.", "glpat-", "xoxb-", "hvs."} <= set(
        _MARKS
    )
    for needle, mark in _MARKS.items():
        assert needle.endswith(mark)
        assert (needle, needle.index(mark)) in _AT_GUARD[mark]
    assert set(_MARKS.values()) <= set(_TAIL_FINDERS)


def _redact_by_scans(text: str, marker: str) -> str:
    """``redact_prefixed_tokens`` with every needle scanned for, no guard, mark or place."""
    for needles, pattern in _TOKENS:
        if any(needle in text for needle in needles):
            text = pattern.sub(marker, text)
    return text


# Whole tokens the marked needles open, pieces of them, and the marks alone.
_MARKED_PIECES = [
    "sk-" + "a1" * 12,
    "sk-ant-" + "B2" * 11,
    "pk-" + "c3" * 11,
    "xapp-1-A1b2-99-" + "d4" * 11,
    "pplx-" + "e5" * 21,
    "xai-" + "f6" * 31,
    "ya29." + "g7" * 26,
    "sk-proj-" + "h8" * 11,
    "glpat-" + "i9" * 10,
    "glagent-" + "j0" * 10,
    "xoxb-" + "k1" * 5,
    "hvs." + "l2" * 12,
    "gl",
    "xox",
    "hv",
    "rt-",
    "-",
    ".",
    "k-",
    "sk",
    "xa",
    "pp",
    "ya29",
    "9.",
    " ",
    "\n",
    "2025-06-14",
    "ghp_" + "a1" * 18,
]


@settings(max_examples=1500, deadline=None)
@given(
    pieces=st.lists(st.sampled_from(_MARKED_PIECES), max_size=16),
    padding=st.integers(0, 2),
    where=st.integers(0, 16),
)
def test_tokens_redacted_behind_the_marks_are_those_the_scans_redact(
    pieces: list[str], padding: int, where: int
) -> None:
    # Padded past a KiB per place of a mark (its places looked at) or not (the reversed text).
    text = _joined_with_filler(pieces, "q" * 1100 * padding, where)
    assert redact_prefixed_tokens(text, SECRET_MARKER) == _redact_by_scans(text, SECRET_MARKER)


def test_a_long_text_dense_in_dashes_keeps_the_guards() -> None:
    dashes = "2025-06-14 id-7 " * (_REVERSED_CHARS // 16 + 1)
    assert len(dashes) > _REVERSED_CHARS
    for text in (dashes, dashes + "xapp-", dashes + "pk-", dashes + "ya29."):
        seen: dict[str, bool] = {}
        found: dict[str, _Guarded] = {}
        for (guarded, _), (needles, _) in zip(_GUARDED, _TOKENS, strict=True):
            expected = any(n in text for n in needles)
            assert _holds_a_needle(text, guarded, seen, found) == expected
        assert "-" not in found


def test_a_long_text_redacts_as_the_scans_do() -> None:
    # Over ``_REVERSED_CHARS`` the guards decide, ``gl`` standing for its needles (``glob``
    # runs the pattern, which finds nothing): the text comes out as the scans make it.
    dashes = "2025-06-14 glob id-7 " * (_REVERSED_CHARS // 21 + 1)
    for token in ("glpat-" + "a1" * 10, "xoxb-" + "b2" * 6, "hvs." + "c3" * 12, "sk-" + "d4" * 12):
        text = f"{dashes}{token} end"
        redacted = redact_prefixed_tokens(text, SECRET_MARKER)
        assert redacted == _redact_by_scans(text, SECRET_MARKER)
        assert token not in redacted
