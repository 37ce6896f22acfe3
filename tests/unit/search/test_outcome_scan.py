"""Outcome words found line by line say exactly what a scan of the whole text said.

``outcome_facts`` tries each pattern only on the lines holding one of its needles. The
reference below is the whole-text scan it replaced (the same patterns and substring tests);
both must agree on every chunk, line and text of the two quality corpora, and on generated
text built from the patterns' own pieces, the letters that fold oddly and line breaks.
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from domain.chunking import chunk
from domain.content_type import ContentType
from domain.search import needle_scan as ns
from domain.search import outcome_words as ow
from domain.search.word_stems import stem_prefix

_FIXTURES = Path(__file__).resolve().parents[2] / "fixtures"


def _reference(text: str) -> str:
    words: dict[str, None] = {}

    def add(said: str) -> None:
        words.update(dict.fromkeys(said.split()))

    def scan(signs: tuple[str, ...], pattern: re.Pattern[str]) -> bool:
        return any(sign in text for sign in signs) and pattern.search(text) is not None

    if scan(ow._ERROR_SIGNS, ow._ERROR_LEVEL):
        add(ow._ERROR_WORDS)
    if any(sign in text.lower() for sign in ow._CRASH_SIGNS) and ow._CRASH.search(text):
        add(ow._CRASH_WORDS)
    if scan(ow._EXIT_SIGNS, ow._EXIT):
        add(ow._ERROR_WORDS)
    if scan(("E  ", "✗", "×", "✕"), ow._FAILED_MARK):
        add(ow._FAILED_WORDS)
    if scan(ow._TIMEOUT_SIGNS, ow._TIMEOUT):
        add(ow._TIMEOUT_WORDS)
    if scan(ow._TYPO_SIGNS, ow._TYPO):
        add(ow._TYPO_WORDS)
    lowered = text.lower()
    return " ".join(word for word in words if stem_prefix(word) not in lowered)


def _haystacks() -> list[str]:
    found = []
    for corpus in ("bench", "bench-real"):
        for path in sorted((_FIXTURES / corpus).glob("*.jsonl")):
            for line in path.read_text(encoding="utf-8").splitlines():
                if line.strip():
                    found.append(json.loads(line)["haystack"])
    # The real tools' outputs the second corpus was built from, whole.
    captured = sorted((_FIXTURES / "bench-real" / "captured").iterdir())
    found.extend(path.read_text(encoding="utf-8", errors="replace") for path in captured)
    return found


def test_the_quality_corpora_get_the_words_the_whole_text_scan_gave() -> None:
    haystacks = _haystacks()
    assert len(haystacks) > 150
    texts: list[str] = []
    for haystack in haystacks:
        texts.append(haystack)
        texts.extend(piece.content for piece in chunk(haystack, ContentType.PLAINTEXT))
        texts.extend(haystack.split("\n"))
    said = 0
    for text in texts:
        expected = _reference(text)
        assert ow.outcome_facts(text) == expected, text[:200]
        said += bool(expected)
    assert said > 100  # the corpora do exercise the patterns


_PIECES = [
    "panic",
    "PANIC",
    "panicked",
    "Traceback (most recent call last)",
    "Segmentation fault",
    "segfault",
    "core dumped",
    "OOMKilled",
    "Uncaught TypeError",
    "Uncaught Exception",
    "Fatal error",
    "Exception in thread",
    "unhandled promise rejection",
    "exit code 1",
    "exited with status 137",
    "exit status 0",
    "non-zero exit",
    "make[2]: *** [all] Error 2",
    "make: *** x",
    "ERROR",
    "FATAL",
    "CRITICAL",
    "EMERG",
    "[error]",
    "[crit]",
    "[emerg]",
    "E   assert",
    "E  x",
    "✗ ",
    "× ",
    "timed out",
    "time out",
    "timeout",
    "ETIMEDOUT",
    "deadline exceeded",
    "DeadlineExceeded",
    "\u0130",  # dotted capital I
    "\u0131",  # dotless i
    "\u017f",  # long s
    "\u212a",  # Kelvin sign
    "Se\u017fmentation",
    "OOM\u212ailled",
    "\u0130n",
    "\n",
    "\n",
    " ",
    "  ",
    "\t",
    "_",
    "x",
    ":",
    "2",
    "é",
    "\r",
    "xETIMEDOUT",
    "E",
    "e",
    "non-",
    "zero exit",
    "make",
    ": *** ",
    "Error 3",
    "syntax error",
    "SyntaxError",
    "syntax",
    "SYNTAX ",
    "error",
]


@settings(max_examples=600, deadline=None)
@given(st.lists(st.sampled_from(_PIECES), max_size=14))
def test_generated_text_gets_the_words_the_whole_text_scan_gave(pieces: list[str]) -> None:
    text = "".join(pieces)
    assert ow.outcome_facts(text) == _reference(text)


@settings(max_examples=600, deadline=None)
@given(st.lists(st.sampled_from(_PIECES), max_size=14))
def test_each_pattern_is_tried_where_its_matches_can_start(pieces: list[str]) -> None:
    # Exact for any text, signs or not: a match is found where a search of the whole text finds one.
    text = "".join(pieces)
    lowered = text.lower()
    folded = lowered if ns.folds_alike(text, lowered) else None
    for pattern, haystack, needles in (
        (ow._ERROR_LEVEL, text, ow._ERROR_NEEDLES),
        (ow._CRASH, folded, ow._CRASH_NEEDLES),
        (ow._EXIT, folded, ow._EXIT_NEEDLES),
        (ow._FAILED_MARK, text, ow._FAILED_NEEDLES),
        (ow._TIMEOUT, folded, ow._TIMEOUT_NEEDLES),
        (ow._TYPO, folded, ow._TYPO_NEEDLES),
    ):
        assert ns.found_at_needles(pattern, text, haystack, needles) == bool(
            pattern.search(text)
        ), pattern


def test_odd_folds_are_every_letter_a_case_blind_pattern_matches_to_ascii_otherwise() -> None:
    # Outside these, a letter matches an ASCII letter case-blindly only if ``lower`` makes it one.
    letter = re.compile("[a-z]", re.IGNORECASE)
    odd = set()
    for point in range(128, sys.maxunicode + 1):
        char = chr(point)
        lowered = char.lower()
        if len(lowered) != 1 or (not lowered.isascii() and letter.fullmatch(char)):
            odd.add(char)
    assert odd <= set(ns.ODD_FOLDS)


def _folds_alike_read_letter_by_letter(text: str, lowered: str) -> bool:
    """``_folds_alike`` before its ASCII shortcut."""
    return len(lowered) == len(text) and not any(letter in text for letter in ns.ODD_FOLDS)


@settings(max_examples=1000)
@given(
    st.lists(st.sampled_from([*ns.ODD_FOLDS, "x", "K", "I", "S", "ß", "ǅ", "é", "\n", " "])).map(
        "".join
    )
    | st.text(max_size=30)
)
def test_an_ascii_text_folds_alike_as_the_letters_say(text: str) -> None:
    lowered = text.lower()
    assert ns.folds_alike(text, lowered) == _folds_alike_read_letter_by_letter(text, lowered)


@given(st.text(alphabet="xitrocEAN ", max_size=20), st.lists(st.text("xitro", max_size=3)))
def test_holds_any_is_any_sign_in_the_text(text: str, signs: list[str]) -> None:
    assert ns.holds_any(text, tuple(signs)) == any(sign in text for sign in signs)


_ERROR_PIECES = [*ow._ERROR_SIGNS, "[emerg]", "error", "Error", "fatal", "E", "RROR", "[", "]"]
_ERROR_PIECES += ["x", " ", "\n", "İ", "ı", "ſ", "K", "ß", "ǅ", "timeout"]


@settings(max_examples=2000)
@given(st.lists(st.sampled_from(_ERROR_PIECES), max_size=12).map("".join), st.booleans())
def test_a_text_without_capitals_is_spared_only_the_signs_it_cannot_hold(
    text: str, copied: bool
) -> None:
    lowered = text.lower() if copied else ""
    signs = ow.error_signs(text, lowered)
    assert ns.holds_any(text, signs) == ns.holds_any(text, ow._ERROR_SIGNS)
    assert ow.error_signs("panic [crit] x", "panic [crit] x") == ("[error]", "[crit]", "[alert]")


_MARKED_ERROR_PIECES = [*_ERROR_PIECES, "[REDACTED_SECRET]", "[REDACTED]", "[REDACTED", "REDACTED"]
_MARKED_ERROR_PIECES += ["_SECRET]", "RROR]", "[ERROR", "PANIC]", "Σ", "="]


@settings(max_examples=3000)
@given(st.lists(st.sampled_from(_MARKED_ERROR_PIECES), max_size=14).map("".join), st.booleans())
def test_a_text_whose_capitals_are_redaction_markers_is_spared_only_signs_it_cannot_hold(
    text: str, copied: bool
) -> None:
    lowered = text.lower() if copied else ""
    signs = ow.error_signs(text, lowered)
    assert ns.holds_any(text, signs) == ns.holds_any(text, ow._ERROR_SIGNS)
