"""A document prepared as a stream (``DocumentPreparer``) is indexed as one held whole."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from adapters.memory.fixed_clock import FixedClock
from adapters.memory.in_memory_knowledge_store import InMemoryKnowledgeStore
from application.use_cases import prepare_document
from application.use_cases.index_content import IndexContent
from application.use_cases.index_request import IndexRequest
from application.use_cases.prepare_document import InProcessPreparation, InProcessPreparer
from domain.chunk import Chunk
from domain.chunking import chunk_stream
from domain.content_type import ContentType
from domain.errors import SourceTooLarge
from domain.settings import Settings, StoreSettings
from domain.source_kind import SourceKind
from domain.vocabulary import document_vocabulary

_LOG = "\n".join(
    f"2026-01-02T09:43:{i % 60:02d}Z GET /api/export/{i} {500 if i % 7 == 0 else 200} {i}ms"
    for i in range(3000)
)


def _both(request: IndexRequest, settings: Settings | None = None) -> None:
    settings = settings or Settings()
    whole = InMemoryKnowledgeStore(clock=FixedClock())
    streamed = InMemoryKnowledgeStore(clock=FixedClock())
    expected = IndexContent(whole, settings).execute(request)
    got = IndexContent(
        streamed, settings, preparer=InProcessPreparer(), stream_from_chars=0
    ).execute(request)
    assert got == expected
    assert streamed.sources() == whole.sources()
    for a, b in zip(streamed.sources(), whole.sources(), strict=True):
        assert streamed.chunks_of(a.id) == whole.chunks_of(b.id)
    assert streamed.vocabulary_between(1, 1000) == whole.vocabulary_between(1, 1000)


@pytest.mark.parametrize(
    ("content", "wanted"),
    [
        (_LOG + "\napi_key=sk-live-abcdefghijklmnopqrstuvwx\n", None),
        ("# Title\n\nSome words here.\n", None),
        ('{"errorCount": 4, "items": [1, 2]}', ContentType.JSON),
        ("not json\n" * 30, ContentType.JSON),
        ("no turns at all", ContentType.TRANSCRIPT),
        ("```\n\n```", ContentType.MARKDOWN),
    ],
)
def test_streamed_is_indexed_as_whole(content: str, wanted: ContentType | None) -> None:
    _both(IndexRequest(content=content, label="doc", kind=SourceKind.DURABLE, content_type=wanted))


def test_a_big_document_is_refused_whole() -> None:
    settings = Settings(store=StoreSettings(max_source_bytes=1000))
    index = IndexContent(
        InMemoryKnowledgeStore(), settings, preparer=InProcessPreparer(), stream_from_chars=0
    )
    with pytest.raises(SourceTooLarge):
        index.execute(IndexRequest(content=_LOG, label="doc", kind=SourceKind.DURABLE))


def test_other_content_is_kept_when_asked() -> None:
    store = InMemoryKnowledgeStore(clock=FixedClock())
    index = IndexContent(store, Settings(), preparer=InProcessPreparer(), stream_from_chars=0)
    first = index.execute(IndexRequest(content=_LOG, label="doc", kind=SourceKind.DURABLE))
    kept = index.execute(
        IndexRequest(content=_LOG + "\nmore", label="doc", kind=SourceKind.DURABLE, replace=False)
    )
    assert kept.kept
    assert kept.sections == first.sections
    again = index.execute(IndexRequest(content=_LOG, label="doc", kind=SourceKind.DURABLE))
    assert again.already_indexed


# Words of every kind the vocabulary treats apart: capitals, compounds, separators at the
# edges, stopwords, short tokens, a dotted capital I, and line breaks to cut at.
_WORDY = st.lists(
    st.sampled_from(
        [
            "the",
            "Error",
            "SESSION_LIFETIME_HOURS",
            "passwordHash",
            "-x-",
            "ab",
            "İstanbul",
            "req-42_b",
            "timeout",
            "\n",
            "\n",
            " ",
            "\t",
            "::",
            "fooBar-baz",
        ]
    ),
    max_size=60,
).map("".join)


@settings(max_examples=300, deadline=None)
@given(text=_WORDY, steps=st.lists(st.integers(0, 40), max_size=8))
def test_a_text_s_words_read_piece_by_piece_are_its_words(text: str, steps: list[int]) -> None:
    # A worker reads a batch's worth of the words at a time (ADR 0174): cut at line breaks,
    # the pieces' words are the whole text's.
    pieced = InProcessPreparation(text, ContentType.PLAINTEXT, redacted=True)
    for chars in steps:
        pieced.read_text_words(chars)
    whole = InProcessPreparation(text, ContentType.PLAINTEXT, redacted=True)
    assert pieced.words() == whole.words() == document_vocabulary(text)


def _fixed_batches(text: str, batch_chars: int) -> list[tuple[Chunk, ...]]:
    """The batches as they were cut before the first ones were smaller: each ``batch_chars``."""
    batches: list[tuple[Chunk, ...]] = []
    batch: list[Chunk] = []
    size = 0
    for piece in chunk_stream(text, ContentType.PLAINTEXT):
        batch.append(piece)
        size += len(piece.content)
        if size >= batch_chars:
            batches.append(tuple(batch))
            batch, size = [], 0
    if batch or not batches:
        batches.append(tuple(batch) or (Chunk(title="Content", content=text.strip()),))
    return batches


_LINES = st.lists(
    st.sampled_from(["GET /api/x 200 3ms", "ERROR timeout", "", "  at f (a.js:1)", "x" * 90]),
    max_size=400,
).map("\n".join)


@settings(max_examples=150, deadline=None)
@given(text=_LINES, first=st.integers(1, 600), most=st.integers(1, 3000))
def test_growing_batches_hold_the_chunks_fixed_ones_held(text: str, first: int, most: int) -> None:
    # The first batch is small and each next grows up to the most (ADR 0274): the same chunks
    # in the same order, and the same facts and words, as batches all of one size.
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(prepare_document, "FIRST_BATCH_CHARS", min(first, most))
        patch.setattr(prepare_document, "BATCH_CHARS", most)
        grown = InProcessPreparation(text, ContentType.PLAINTEXT, redacted=True)
        batches = list(grown.batches())
    fixed = _fixed_batches(text, most)
    assert [c for b in batches for c in b] == [c for b in fixed for c in b]
    assert len(batches) >= len(fixed)
    limit = min(first, most)
    for batch in batches[:-1]:
        assert sum(len(c.content) for c in batch[:-1]) < limit <= sum(len(c.content) for c in batch)
        limit = min(limit + limit // 8, most)
    whole = InProcessPreparation(text, ContentType.PLAINTEXT, redacted=True)
    list(whole.batches())
    assert grown.words() == whole.words()
