"""A section's lines read only as far as its title needs give what every line split gave.

``filled_lines`` reads a text's non-blank lines one at a time; ``log_title``'s colon gate and
``_first_line_title``'s first line read only the few they need (ADR 0234), and the gate asks
for a second colon and three filled lines in C, and ``framed_title`` asks a line's first
character before its pattern (ADR 0280). Each is checked against the
function as first written, kept here as the oracle.
"""

from __future__ import annotations

from itertools import islice

from hypothesis import given, settings
from hypothesis import strategies as st

from domain.chunking import log_titles, output_headers
from domain.chunking import plaintext as plaintext_module
from domain.chunking.limits import TITLE_MAX_BYTES
from domain.chunking.log_titles import filled_lines, log_title
from domain.chunking.option_titles import option_title
from domain.chunking.outcome_titles import outcome_title
from domain.chunking.output_headers import framed_title
from domain.chunking.utf8 import truncate_bytes

_PIECES = [
    "\n",
    "\n\n",
    " ",
    "\t",
    "\u2003",
    "\x0b",
    ":",
    "::",
    "12:00:01 ",
    "09:43:51 GET /api 500 ",
    "2024-01-02T10:11:12Z ERROR boom",
    "==== test session starts ====",
    "word",
    "id=1 rt=2.5",
    "PASSED",
    "tests/a.py::t PASSED",
    "[REDACTED_SECRET]",
]
_TEXTS = st.one_of(st.lists(st.sampled_from(_PIECES), max_size=40).map("".join), st.text())


def _filled_lines_as_split(text: str) -> list[str]:
    return [line for line in text.split("\n") if line.strip()]


def _enough_colons_as_it_was(text: str) -> list[str] | None:
    """``log_title``'s first step as first written: every line split, then the colons counted."""
    lines = [line for line in text.split("\n") if line.strip()]
    if text.count(":") < 2 * (len(lines) // 3):
        return None
    return lines


def _first_line_title_as_it_was(text: str, fallback: str) -> str:
    """``_first_line_title``'s last step as first written: every line split."""
    for line in text.split("\n"):
        if line.strip():
            said = framed_title(line) or line.strip()
            return truncate_bytes(said, TITLE_MAX_BYTES).strip() or fallback
    return fallback


@settings(max_examples=2000)
@given(_TEXTS)
def test_filled_lines_are_the_lines_split_that_are_not_blank(text: str) -> None:
    assert list(filled_lines(text)) == _filled_lines_as_split(text)
    assert list(islice(filled_lines(text), 3)) == _filled_lines_as_split(text)[:3]


@settings(max_examples=3000)
@given(_TEXTS)
def test_the_colon_gate_read_from_the_start_answers_as_every_line_split(text: str) -> None:
    assert log_titles._enough_colons(text) == _enough_colons_as_it_was(text)


def _enough_colons_counted(text: str) -> list[str] | None:
    """``log_title``'s first step as ADR 0234 wrote it: the colons counted, then three filled
    lines read through ``filled_lines``."""
    colons = text.count(":")
    if colons < 2 and len(list(islice(filled_lines(text), 3))) == 3:
        return None
    lines = [line for line in text.split("\n") if line.strip()]
    return None if colons < 2 * (len(lines) // 3) else lines


# Texts of few lines, blank or not, with at most a few colons: where the gate's new steps decide.
_FEW_LINES = st.lists(
    st.sampled_from(["\n", "\n", " ", "\t", "\u2003", "\x0b", "\x1c", ":", "a", "word", "é"]),
    max_size=12,
).map("".join)


@settings(max_examples=3000)
@given(st.one_of(_TEXTS, _FEW_LINES))
def test_three_filled_lines_asked_in_c_are_those_filled_lines_reads(text: str) -> None:
    assert log_titles._three_filled(text) == (len(list(islice(filled_lines(text), 3))) == 3)
    assert log_titles._enough_colons(text) == _enough_colons_counted(text)


def _framed_title_as_it_was(line: str) -> str | None:
    """``framed_title`` before its first-character gate: the pattern asked of every line."""
    match = output_headers._FRAMED.match(line)
    inner = match.group(2).strip() if match else ""
    return inner if any(ch.isalpha() for ch in inner) else None


# Lines of frames (every frame character, the backslash the pattern escapes), blanks of every
# kind before them, words, and characters that are no frame's.
_LINES = st.lists(
    st.sampled_from(
        [
            *output_headers._FRAME,
            *(frame * 3 for frame in output_headers._FRAME),
            *(" ", "\t", "\u2003", "\x0b", "\r", "\\"),
            *("test session starts", "a", "+", "|", "#", "."),
        ]
    ),
    max_size=12,
).map("".join)


@settings(max_examples=3000)
@given(st.one_of(_LINES, st.text(max_size=20)))
def test_a_framed_title_asked_its_first_character_first_is_the_one_the_pattern_gives(
    line: str,
) -> None:
    assert framed_title(line) == _framed_title_as_it_was(line)


def test_an_indented_frame_still_says_its_title() -> None:
    assert framed_title("  \u2003==== test session starts ====") == "test session starts"
    assert framed_title("step 3 ==== done ====") is None


@settings(max_examples=2000)
@given(_TEXTS, st.sampled_from(["Lines 1-20", "Section 3", ""]))
def test_the_first_line_title_read_from_the_start_is_the_one_of_every_line_split(
    text: str, fallback: str
) -> None:
    if log_title(text) is not None or outcome_title(text) is not None:
        return  # titled by its log or its results: the first line is not read
    if option_title(text) is not None:
        return  # titled by the options it describes
    assert plaintext_module._first_line_title(text, fallback) == _first_line_title_as_it_was(
        text, fallback
    )


def test_a_text_of_few_colons_and_three_lines_is_no_log() -> None:
    assert log_title("a\n\nb\nc") is None
    assert log_title("a:\n \nb\nc") is None
    assert log_titles.filled_lines("\n \n\t\n") is not None
    assert list(filled_lines("\n \n\t\n")) == []
    assert list(filled_lines("a")) == ["a"]
    assert list(filled_lines("a\n")) == ["a"]
