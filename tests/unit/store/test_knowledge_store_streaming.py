"""Contract: a document indexed from batches of chunks is stored as ``index`` stores it, in one
transaction."""

from __future__ import annotations

from collections.abc import Iterator, Sequence

import attrs
import pytest

from application.ports.knowledge_store import KnowledgeStore
from domain.chunk import Chunk
from domain.source import DocumentHead, SourceDocument
from tests.unit.store.documents import document


def _doc(label: str, word: str = "alpha") -> SourceDocument:
    return document(
        label,
        ("One", f"{word} first"),
        Chunk("Two", "```py\nprint(1)\n```", has_code=True, facts="errors"),
        ("Three", f"{word} third"),
        vocabulary=frozenset({word, "first", "third"}),
    )


def _head(doc: SourceDocument) -> DocumentHead:
    return DocumentHead(doc.label, doc.kind, doc.content_type, doc.content_hash, doc.size_bytes)


def _batches(doc: SourceDocument, size: int = 2) -> Iterator[tuple[Chunk, ...]]:
    for start in range(0, len(doc.chunks), size):
        yield doc.chunks[start : start + size]


def _failing(doc: SourceDocument) -> Iterator[Sequence[Chunk]]:
    yield doc.chunks[:2]
    raise RuntimeError("the worker stopped")


def test_streamed_is_stored_as_indexed(store: KnowledgeStore) -> None:
    whole = store.index(_doc("whole"))
    doc = _doc("streamed")
    streamed = store.index_streamed(_head(doc), _batches(doc), lambda: [doc.vocabulary])

    assert not streamed.already_indexed
    assert not streamed.replaced
    fields = ("kind", "content_type", "chunk_count", "code_chunk_count", "size_bytes")
    for field in fields:
        assert getattr(streamed.source, field) == getattr(whole.source, field)
    assert streamed.source.content_hash == doc.content_hash
    assert store.source_by_label("streamed") == streamed.source
    assert [c.chunk for c in store.chunks_of(streamed.source.id)] == list(doc.chunks)
    ids = [c.chunk_id for c in store.chunks_of(streamed.source.id)]
    assert ids == sorted(ids)
    assert all(store.has_word(w) for w in doc.vocabulary)


def test_same_content_only_touches(store: KnowledgeStore) -> None:
    doc = _doc("a")
    first = store.index(doc)
    again = store.index_streamed(_head(doc), _batches(doc), lambda: [doc.vocabulary])

    assert again.already_indexed
    assert again.source.id == first.source.id
    assert len(store.chunks_of(first.source.id)) == 3


def test_new_content_replaces(store: KnowledgeStore) -> None:
    store.index(_doc("a"))
    doc = _doc("a", word="gamma")
    replaced = store.index_streamed(_head(doc), _batches(doc, 1), lambda: [doc.vocabulary])

    assert replaced.replaced
    assert [s.label for s in store.sources()] == ["a"]
    assert [c.chunk for c in store.chunks_of(replaced.source.id)] == list(doc.chunks)


def test_a_failing_stream_stores_nothing(store: KnowledgeStore) -> None:
    before = store.index(_doc("a")).source
    doc = _doc("a", word="gamma")
    with pytest.raises(RuntimeError):
        store.index_streamed(_head(doc), _failing(doc), lambda: [doc.vocabulary])
    with pytest.raises(RuntimeError):
        other = attrs.evolve(doc, label="b")
        store.index_streamed(_head(other), _failing(other), lambda: [other.vocabulary])

    assert store.sources() == [before]
    assert len(store.chunks_of(before.id)) == 3
    assert not store.has_word("gamma")
    assert store.stats().chunk_count == 3


def test_a_vocabulary_failing_after_a_part_stores_nothing(store: KnowledgeStore) -> None:
    doc = _doc("a")

    def parts() -> Iterator[frozenset[str]]:
        yield frozenset(sorted(doc.vocabulary)[:1])
        raise RuntimeError("the worker stopped")

    with pytest.raises(RuntimeError):
        store.index_streamed(_head(doc), _batches(doc), parts)

    assert store.sources() == []
    assert store.stats().chunk_count == 0
    assert not any(store.has_word(w) for w in doc.vocabulary)


def test_a_failing_vocabulary_stores_nothing(store: KnowledgeStore) -> None:
    doc = _doc("a")

    def broken() -> list[frozenset[str]]:
        raise RuntimeError("the worker stopped")

    with pytest.raises(RuntimeError):
        store.index_streamed(_head(doc), _batches(doc), broken)

    assert store.sources() == []
    assert store.stats().chunk_count == 0
