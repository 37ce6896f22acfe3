"""Properties every chunker keeps, whatever the input."""

from __future__ import annotations

import re

from hypothesis import given, settings
from hypothesis import strategies as st

from domain.chunking import MAX_CHUNK_BYTES, chunk
from domain.chunking.utf8 import byte_len, split_bytes, truncate_bytes
from domain.content_type import ContentType

_LINE = st.one_of(
    st.text(max_size=120),
    st.sampled_from(["", "# Head", "## Sub", "```", "~~~~", "---", "Human: hi", "Assistant: ok"]),
    st.text(alphabet="é日🙂x ", min_size=500, max_size=3000),
)
DOCUMENTS = st.lists(_LINE, max_size=80).map("\n".join)
_WORD = re.compile(r"[^\W_]{3,}")


def _words(text: str) -> set[str]:
    return set(_WORD.findall(text))


@settings(max_examples=150, deadline=None)
@given(DOCUMENTS, st.sampled_from(list(ContentType)))
def test_chunks_fit_are_valid_utf8_and_never_empty(text: str, content_type: ContentType) -> None:
    pieces = chunk(text, content_type)
    if _words(text):
        assert pieces, "words went in and no chunk came out: nothing to check"
    for piece in pieces:
        assert piece.content.strip()
        assert byte_len(piece.content) <= MAX_CHUNK_BYTES + 64  # re-fenced code pieces
        piece.content.encode("utf-8")
        piece.title.encode("utf-8")


@settings(max_examples=150, deadline=None)
@given(DOCUMENTS, st.sampled_from([ContentType.PLAINTEXT, ContentType.MARKDOWN]))
def test_no_word_is_lost(text: str, content_type: ContentType) -> None:
    chunks = chunk(text, content_type)
    kept = set().union(*(_words(c.content) | _words(c.title) for c in chunks))
    assert _words(text.replace("\r", "\n")) <= kept


@given(st.text(), st.integers(min_value=4, max_value=64))
def test_split_bytes_round_trips_within_the_limit(text: str, limit: int) -> None:
    pieces = split_bytes(text, limit)
    assert "".join(pieces) == text
    assert all(0 < byte_len(p) <= limit for p in pieces)


@given(st.text(), st.integers(min_value=0, max_value=40))
def test_truncate_bytes_is_a_prefix_within_the_limit(text: str, limit: int) -> None:
    cut = truncate_bytes(text, limit)
    assert text.startswith(cut)
    assert byte_len(cut) <= limit
