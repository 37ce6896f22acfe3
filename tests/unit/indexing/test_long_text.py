"""Whole-text operations done a slice at a time give exactly what the whole call gives, and
lower-casing or encoding a long output never passes through a buffer of several times its size."""

from __future__ import annotations

import hashlib
import itertools
import tracemalloc

import pytest
from hypothesis import given
from hypothesis import strategies as st

from domain import long_text
from domain.chunking.utf8 import byte_len, truncate_bytes
from domain.execution.command_facts import _COMMAND_WORD, _held_words
from domain.long_text import casing_slices, lower, sha256_hex, utf8_encode, utf8_length
from domain.valid_text import valid_text

# Capital sigma (final or not by what follows), characters that grow when lower-cased, cased
# and case-ignorable neighbours, and the two characters slices end after.
TRICKY = "aBΣσΑ.:'’İẞ ﬁ\u0345\u00ad-_ \n\t…日é"
texts = st.text(alphabet=TRICKY, max_size=300)
sizes = st.integers(1, 25)


@given(texts, sizes)
def test_lower_in_slices_is_the_whole_lower(text: str, size: int) -> None:
    assert lower(text, size) == text.lower()


@given(texts, sizes)
def test_slices_cover_the_text_and_end_after_a_space_or_newline(text: str, size: int) -> None:
    parts = list(casing_slices(text, size))
    assert "".join(parts) == text
    assert all(part[-1] in " \n" for part in parts[:-1])


@given(st.text(max_size=300), sizes)
def test_encoding_in_slices_is_the_whole_encoding(text: str, size: int) -> None:
    try:
        whole = text.encode("utf-8")
    except UnicodeEncodeError:
        with pytest.raises(UnicodeEncodeError):
            b"".join(long_text.utf8_pieces(text, slice_chars=size))
        return
    assert b"".join(long_text.utf8_pieces(text, slice_chars=size)) == whole
    assert utf8_length(text) == byte_len(text) == len(whole)
    assert sha256_hex(text) == hashlib.sha256(whole).hexdigest()


@given(st.text(alphabet=TRICKY + "\ud83d\ude00", max_size=300), sizes)
def test_lone_surrogates_are_handled_as_whole(text: str, size: int) -> None:
    long_text.SLICE_CHARS, saved = size, long_text.SLICE_CHARS
    try:
        assert utf8_encode(text, errors="replace") == text.encode("utf-8", errors="replace")
        passed = text.encode("utf-8", errors="surrogatepass")
        assert sha256_hex(text, errors="surrogatepass") == hashlib.sha256(passed).hexdigest()
        try:
            text.encode("utf-8")
            expected = text
        except UnicodeEncodeError:
            expected = text.encode("utf-16", errors="surrogatepass").decode("utf-16", "replace")
        assert valid_text(text) == expected
    finally:
        long_text.SLICE_CHARS = saved


@given(st.text(alphabet="éΣ日 \nab", max_size=120), st.integers(0, 130))
def test_truncating_to_bytes_keeps_the_longest_fitting_prefix(text: str, limit: int) -> None:
    data = text.encode("utf-8")
    expected = text if len(data) <= limit else data[:limit].decode("utf-8", errors="ignore")
    assert truncate_bytes(text, limit) == expected


@given(
    st.text(alphabet=TRICKY + "rufKPOD0123", max_size=300),
    sizes,
    st.lists(st.text(alphabet="rufkpod0123σ", min_size=2, max_size=4), max_size=6),
)
def test_words_an_output_holds_are_found_slice_by_slice(
    text: str, size: int, wanted: list[str]
) -> None:
    long_text.SLICE_CHARS, saved = size, long_text.SLICE_CHARS
    try:
        every = set(_COMMAND_WORD.findall(text.lower()))
        asked = set(wanted) | set(list(every)[:3])
        assert _held_words(text, asked) == every & asked
    finally:
        long_text.SLICE_CHARS = saved


def _peak(action: object, text: str) -> int:
    assert callable(action)
    tracemalloc.start()
    try:
        tracemalloc.reset_peak()
        before = tracemalloc.get_traced_memory()[0]
        result = action(text)
        peak = tracemalloc.get_traced_memory()[1] - before
        del result
    finally:
        tracemalloc.stop()
    return peak


def test_a_long_non_ascii_output_is_never_lowered_or_encoded_whole() -> None:
    text = "2025-06-01 worker-3 request handled status=200\n" * 40_000 + "… cut …\n"
    size = len(text)  # characters; two bytes each in memory (one "…" makes it UCS-2)
    assert _peak(str.lower, text) > 10 * size  # what the whole call costs
    assert _peak(lower, text) < 5 * size  # the result (2 bytes a character) and its parts
    assert _peak(utf8_length, text) < size // 4
    assert _peak(sha256_hex, text) < size // 4
    assert _peak(utf8_encode, text) < 2.5 * size


LINE_BREAKS = "ab \r\n\x0b\x0c\x1c\x85\u2028\u2029é"


@given(st.text(alphabet=LINE_BREAKS, max_size=300), sizes)
def test_line_slices_keep_the_text_s_lines(text: str, size: int) -> None:
    parts = list(long_text.line_slices(text, size))
    assert "".join(parts) == text
    assert [line for part in parts for line in part.splitlines()] == text.splitlines()


@given(st.text(alphabet="ab \n", max_size=300), sizes)
def test_an_ascii_text_is_encoded_in_slices_too(text: str, size: int) -> None:
    pieces = list(long_text.utf8_pieces(text, slice_chars=size))
    assert b"".join(pieces) == text.encode()
    assert all(len(piece) <= size for piece in pieces)


@given(st.text(alphabet=TRICKY + "\ud800", max_size=300), st.integers(0, 400))
def test_a_text_that_fits_is_kept_as_it_would_be_decoded(text: str, max_bytes: int) -> None:
    from domain.execution.truncation import truncate_bytes as cut_bytes
    from domain.execution.truncation import truncate_text

    old = cut_bytes(text.encode("utf-8", "replace"), max_bytes)
    assert truncate_text(text, max_bytes) == old


@given(st.text(alphabet=LINE_BREAKS, max_size=300), st.lists(st.integers(0, 300)), sizes)
def test_the_lines_of_pieces_are_the_lines_of_their_join(
    text: str, cuts: list[int], size: int
) -> None:
    ends = sorted({0, len(text), *(cut for cut in cuts if cut < len(text))})
    pieces = [text[start:end] for start, end in itertools.pairwise(ends)]
    assert list(long_text.piece_lines(pieces, size)) == text.splitlines()
