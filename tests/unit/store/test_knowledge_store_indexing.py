"""Contract: indexing, dedup by label, replace, promote, access, delete, stats."""

from __future__ import annotations

import itertools
import threading
from datetime import timedelta

from adapters.memory.fixed_clock import FixedClock
from application.ports.knowledge_store import KnowledgeStore
from domain.chunk import Chunk
from domain.source_kind import SourceKind
from tests.unit.store.documents import document


def test_index_stores_source_and_chunks(store: KnowledgeStore, clock: FixedClock) -> None:
    doc = document(
        "docs:install",
        ("Install", "pip install capy"),
        Chunk("Install > Linux", "```sh\napt install capy\n```", has_code=True),
    )
    outcome = store.index(doc)

    assert not outcome.already_indexed
    assert not outcome.replaced
    source = outcome.source
    assert (source.label, source.kind, source.content_type) == (
        "docs:install",
        "durable",
        "markdown",
    )
    assert (source.chunk_count, source.code_chunk_count) == (2, 1)
    assert source.size_bytes == doc.size_bytes
    assert source.content_hash == doc.content_hash
    assert source.indexed_at == source.last_accessed_at == clock.now()
    assert source.access_count == 0
    assert store.source_by_label("docs:install") == source
    assert [c.chunk for c in store.chunks_of(source.id)] == list(doc.chunks)
    assert all(c.source_id == source.id for c in store.chunks_of(source.id))


def test_same_content_only_touches(store: KnowledgeStore, clock: FixedClock) -> None:
    first = store.index(document("a", ("T", "alpha beta")))
    clock.advance(timedelta(hours=1))
    again = store.index(document("a", ("T", "alpha beta")))

    assert again.already_indexed
    assert again.chunk_count == 1
    assert again.source.id == first.source.id
    assert again.source.indexed_at == first.source.indexed_at
    assert again.source.last_accessed_at == clock.now()
    assert len(store.chunks_of(first.source.id)) == 1


def test_same_content_with_another_kind_promotes(store: KnowledgeStore) -> None:
    store.index(document("a", ("T", "alpha"), kind=SourceKind.EPHEMERAL))
    promoted = store.index(document("a", ("T", "alpha"), kind=SourceKind.DURABLE))

    assert promoted.already_indexed
    assert promoted.source.kind == SourceKind.DURABLE
    assert store.source_by_label("a") == promoted.source


def test_new_content_replaces_the_source(store: KnowledgeStore) -> None:
    old = store.index(document("a", ("T", "alpha"), ("U", "gamma")))
    new = store.index(document("a", ("T", "delta")))

    assert new.replaced and not new.already_indexed
    assert new.source.id != old.source.id
    assert new.chunk_count == 1
    assert store.chunks_of(old.source.id) == []
    assert [s.label for s in store.sources()] == ["a"]


def test_sources_filters_by_kind(store: KnowledgeStore) -> None:
    store.index(document("d", ("T", "x"), kind=SourceKind.DURABLE))
    store.index(document("e", ("T", "y"), kind=SourceKind.EPHEMERAL))
    store.index(document("s", ("T", "z"), kind=SourceKind.SESSION))

    assert sorted(s.label for s in store.sources()) == ["d", "e", "s"]
    assert [s.label for s in store.sources([SourceKind.EPHEMERAL])] == ["e"]
    assert store.source_by_label("missing") is None


def test_source_counts_are_the_lengths_of_the_listings(store: KnowledgeStore) -> None:
    for n in range(3):
        store.index(document(f"e{n}", ("T", f"y{n}"), kind=SourceKind.EPHEMERAL))
    store.index(document("s", ("T", "z"), kind=SourceKind.SESSION))
    promoted = store.index(document("p", ("T", "w"), kind=SourceKind.EPHEMERAL)).source
    store.index(document("p", ("T", "w"), kind=SourceKind.DURABLE))
    gone = store.index(document("gone", ("T", "v"), kind=SourceKind.SESSION)).source
    store.delete_sources([gone.id])

    every = [frozenset(c) for n in range(4) for c in itertools.combinations(SourceKind, n)]
    for kinds in [None, *every]:
        expected = {k: len(store.sources([k])) for k in (SourceKind if kinds is None else kinds)}
        assert store.source_counts(kinds) == expected
    assert store.source_counts() == {
        SourceKind.DURABLE: 1,
        SourceKind.EPHEMERAL: 3,
        SourceKind.SESSION: 1,
    }
    assert store.source_counts() == store.stats().sources_by_kind
    assert promoted.kind is SourceKind.EPHEMERAL


def test_source_labels_are_the_labels_of_the_listing(store: KnowledgeStore) -> None:
    assert store.source_labels() == []
    for n in range(3):
        store.index(document(f"execute:{n}", ("T", f"y{n}"), kind=SourceKind.EPHEMERAL))
    store.index(document("session:s", ("T", "z"), kind=SourceKind.SESSION))
    store.index(document("docs/p", ("T", "w"), kind=SourceKind.EPHEMERAL))
    store.index(document("docs/p", ("T", "w"), kind=SourceKind.DURABLE))
    gone = store.index(document("gone", ("T", "v"), kind=SourceKind.SESSION)).source
    store.delete_sources([gone.id])
    labels = store.source_labels()
    assert sorted(labels) == sorted(s.label for s in store.sources())
    assert sorted(labels) == ["docs/p", "execute:0", "execute:1", "execute:2", "session:s"]


def test_concurrent_writers_of_one_label_make_one_source(store: KnowledgeStore) -> None:
    barrier = threading.Barrier(4)

    def write(n: int) -> None:
        barrier.wait()
        store.index(document("same", ("T", f"version {n % 2}")))

    threads = [threading.Thread(target=write, args=(n,)) for n in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()

    assert [s.label for s in store.sources()] == ["same"]
    assert store.stats().chunk_count == 1


def test_record_access_counts_and_stamps(store: KnowledgeStore, clock: FixedClock) -> None:
    source = store.index(document("a", ("T", "alpha"))).source
    later = clock.now() + timedelta(days=2)
    store.record_access([source.id, source.id, 9999], later)

    touched = store.source_by_label("a")
    assert touched is not None
    assert touched.access_count == 1
    assert touched.last_accessed_at == later


def test_delete_sources(store: KnowledgeStore) -> None:
    a = store.index(document("a", ("T", "alpha"))).source
    b = store.index(document("b", ("T", "beta"))).source

    assert store.delete_sources([a.id, 9999]) == 1
    assert store.source_by_label("a") is None
    assert store.chunks_of(a.id) == []
    assert store.source_by_label("b") == b
    assert store.delete_sources([]) == 0


def test_stats(store: KnowledgeStore) -> None:
    store.index(document("d", ("T", "x"), ("U", "y"), vocabulary=frozenset({"alpha", "beta"})))
    store.index(document("e", ("T", "z"), kind=SourceKind.EPHEMERAL))

    stats = store.stats()
    assert stats.sources_by_kind[SourceKind.DURABLE] == 1
    assert stats.sources_by_kind[SourceKind.EPHEMERAL] == 1
    assert stats.sources_by_kind.get(SourceKind.SESSION, 0) == 0
    assert stats.chunk_count == 3
    assert stats.vocabulary_size == 2
    assert stats.db_size_bytes > 0


def test_vocabulary(store: KnowledgeStore) -> None:
    store.index(
        document("a", ("T", "kubernetes deploy"), vocabulary=frozenset({"kubernetes", "deploy"}))
    )

    assert store.has_word("deploy")
    assert not store.has_word("missing")
    assert store.vocabulary_between(6, 6) == ["deploy"]
    assert store.vocabulary_between(3, 20) == ["deploy", "kubernetes"]


def test_chunk_ids_are_the_store_s_ascending_in_document_order(store: KnowledgeStore) -> None:
    first = store.index(document("a", ("T", "one"), ("T", "two"), ("T", "three"))).source
    second = store.index(document("b", ("T", "four"), ("T", "five"))).source
    ids = [c.chunk_id for c in store.chunks_of(first.id)]
    assert ids == sorted(ids) and len(set(ids)) == 3
    assert [c.chunk.content for c in store.chunks_of(first.id)] == ["one", "two", "three"]
    later = [c.chunk_id for c in store.chunks_of(second.id)]
    assert later == sorted(later) and not set(later) & set(ids)
    replaced = store.index(document("a", ("T", "uno"), ("T", "dos"))).source
    anew = [c.chunk_id for c in store.chunks_of(replaced.id)]
    assert not set(anew) & set(later)
    assert [c.chunk.content for c in store.chunks_of(replaced.id)] == ["uno", "dos"]
