"""A log window's substrings text: its distinct tokens find every term its lines find."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from domain.chunk import Chunk
from domain.chunking import chunk, detect_content_type
from domain.chunking.log_titles import log_title
from domain.search.store_query import SUBSTRING_MIN_LENGTH
from domain.search.substring_text import (
    WithSubstrings,
    distinct_tokens,
    is_log_window,
    substring_text,
    substring_texts,
)

ACCESS = (
    '198.51.100.23 - - [03/Dec/2026:09:43:{s:02d} +0000] "GET /static/app.js HTTP/1.1" 200 4200 '
    '"-" "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) Safari/605.1.15" rt=0.000'
)
APP = (
    "2026-12-03 09:43:{s:02d} ERROR req={s} org.hibernate.exception."
    "DataIntegrityViolationException: could not execute statement"
)


def _log(lines: int = 60) -> str:
    return "\n".join((ACCESS if s % 3 else APP).format(s=s) for s in range(lines))


# Text made of the characters that matter: letters of both cases, digits, separators and
# blanks of several kinds (a tab, a no-break space, a line break).
_TEXT = st.text(alphabet="aAbB01-_./:=\"' \t\n\u00a0", max_size=120)


@given(_TEXT)
def test_every_term_of_the_text_is_a_term_of_its_distinct_tokens(text: str) -> None:
    reduced = distinct_tokens(text)
    for token in text.split():
        for start in range(len(token)):
            for end in range(start + SUBSTRING_MIN_LENGTH, len(token) + 1):
                assert token[start:end] in reduced


@given(_TEXT)
def test_the_distinct_tokens_hold_nothing_the_text_does_not(text: str) -> None:
    reduced = distinct_tokens(text)
    assert sorted(set(reduced.split())) == sorted(set(text.split()))
    assert len(reduced.split()) == len(set(text.split()))
    lines = [" ".join(line.split()) for line in text.split("\n")]
    # Each line of the reduced text is words that stand one after the other on a line.
    for run in reduced.split("\n"):
        assert any(run in line for line in lines)


def _distinct_tokens_by_runs(text: str) -> str:
    """``distinct_tokens`` as it was written first: each line's runs of unseen tokens joined,
    then the runs."""
    seen: set[str] = set()
    runs: list[str] = []
    for line in text.split("\n"):
        run: list[str] = []
        for token in line.split():
            if token in seen:
                if run:
                    runs.append(" ".join(run))
                    run = []
            else:
                seen.add(token)
                run.append(token)
        if run:
            runs.append(" ".join(run))
    return "\n".join(runs)


@settings(max_examples=2000)
@given(st.one_of(_TEXT, st.text(max_size=200)))
def test_the_distinct_tokens_are_those_of_the_runs_joined(text: str) -> None:
    assert distinct_tokens(text) == _distinct_tokens_by_runs(text)


def test_the_distinct_tokens_of_a_log_are_those_of_the_runs_joined() -> None:
    for window in chunk(_log(200), detect_content_type(_log(200))):
        assert distinct_tokens(window.content) == _distinct_tokens_by_runs(window.content)
    for text in ("", " ", "\n\n", "a", "a a", "a\nb a\n", " a  b \n\tb c\r\n"):
        assert distinct_tokens(text) == _distinct_tokens_by_runs(text)


def test_words_first_seen_together_stay_a_phrase() -> None:
    reduced = distinct_tokens("connection refused by db-1\nconnection refused by db-2\n")
    assert "connection refused by db-1" in reduced
    assert "db-2" in reduced
    assert "by db-2" not in reduced  # never said on one line of the reduced text


def test_a_log_window_is_reduced_to_a_fraction_and_keeps_its_terms() -> None:
    text = _log()
    windows = chunk(text, detect_content_type(text))
    assert all(is_log_window(window) for window in windows)
    reduced = [substring_text(window) for window in windows]
    assert all(
        r is not None and len(r) * 2 < len(w.content) for r, w in zip(reduced, windows, strict=True)
    )
    assert all("DataIntegrityViolation" in (r or "") for r in reduced)


def test_titles_of_log_windows_are_recognised_as_log_titles_write_them() -> None:
    title = log_title(_log())
    assert title is not None
    assert is_log_window(Chunk(title=title, content=""))
    assert is_log_window(Chunk(title=f"Server > {title}", content=""))


def test_chunks_that_are_not_log_windows_are_indexed_as_they_are() -> None:
    repeated = "alpha beta gamma\n" * 20
    assert substring_text(Chunk(title="Install > Linux", content=repeated)) is None
    assert substring_text(Chunk(title="12:00 lunch", content=repeated)) is None
    assert substring_text(Chunk(title="09:43:51: 2 lines", content="a b")) is None  # no shorter


def test_substrings_texts_carried_with_a_batch_are_read_not_computed() -> None:
    pieces = (*chunk(_log(), detect_content_type(_log())), Chunk("Notes", "plain words"))
    computed = substring_texts(pieces)
    assert computed == [substring_text(piece) for piece in pieces]
    assert any(computed) and computed[-1] is None
    carried = WithSubstrings(pieces, ["given"] * len(pieces))
    assert carried == pieces  # still the chunks, for every store
    assert substring_texts(carried) == ("given",) * len(pieces)
    with pytest.raises(ValueError, match="substrings texts"):
        WithSubstrings(pieces, ())
