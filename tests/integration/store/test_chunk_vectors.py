"""The semantic layer's vectors in a real encrypted store: stored once per text, scored,
scoped, pruned — and a file with vectors used as before by a capy without the layer."""

from __future__ import annotations

from pathlib import Path

from adapters.memory.fake_embedder import FakeEmbedder
from adapters.memory.vector_scores import dot, unpack
from application.use_cases.embed_chunks import EmbedChunks
from domain.search.query import parse_query
from domain.search.store_query import Combine, Meaning, StoreQuery, words_query
from domain.search_hit import SearchScope
from domain.source_kind import ALL_KINDS, SourceKind
from tests.integration.store.helpers import document, open_store

MEANINGS = {"oomkilled": "memory", "exhausted": "memory", "enospc": "disk", "full": "disk"}
EVERY = SearchScope(kinds=ALL_KINDS, kinds_explicit=True)


def _model() -> FakeEmbedder:
    return FakeEmbedder(MEANINGS, dimensions=64)


def _by_meaning(model: FakeEmbedder, vector: bytes, floor: float = 0.0) -> StoreQuery:
    return StoreQuery.by_meaning("memory exhausted", Meaning(model.model_id, vector, floor))


def test_vectors_are_stored_once_per_text_and_found_by_meaning(tmp_path: Path) -> None:
    store = open_store(tmp_path / "k.db")
    model = _model()
    try:
        store.index(document("pod", "Reason: OOMKilled exit 137"))
        store.index(document("disk", "write failed ENOSPC on /var"))
        store.index(document("pod copy", "Reason: OOMKilled exit 137"))
        embed = EmbedChunks(model, store)
        assert embed.progress(ALL_KINDS).waiting_sources == ("pod", "disk", "pod copy")
        assert embed.run(ALL_KINDS) == 2  # the copy's text is the first one's
        assert embed.progress(ALL_KINDS).complete
        (query,) = model.embed(["memory exhausted"])
        hits = store.search(_by_meaning(model, query), EVERY, 5)
        assert [h.label for h in hits[:2]] == ["pod", "pod copy"]
        assert hits[0].content == "Reason: OOMKilled exit 137"
        (vector,) = model.embed([f"{hits[0].title}\n{hits[0].content}"])
        assert abs(hits[0].relevance - dot(unpack(vector), unpack(query))) < 1e-5
        assert store.embedding_progress(model.model_id, {SourceKind.DURABLE}).complete
    finally:
        store.close()


def test_scope_floor_and_a_store_without_vectors(tmp_path: Path) -> None:
    store = open_store(tmp_path / "k.db")
    model = _model()
    (query,) = model.embed(["memory exhausted"])
    try:
        store.index(document("pod", "Reason: OOMKilled exit 137"))
        assert not store.any_vectors(model.model_id)
        assert store.search(_by_meaning(model, query), EVERY, 5) == []
        store.index(document("tmp", "Reason: OOMKilled again", SourceKind.EPHEMERAL))
        EmbedChunks(model, store).run(ALL_KINDS)
        assert store.any_vectors(model.model_id)
        only_durable = SearchScope(kinds=frozenset({SourceKind.DURABLE}), kinds_explicit=True)
        found = store.search(_by_meaning(model, query), only_durable, 5)
        assert {h.label for h in found} == {"pod"}
        assert store.search(_by_meaning(model, query, floor=0.999), EVERY, 5) == []
        exact = SearchScope(source="tmp", exact_source=True)
        assert [h.label for h in store.search(_by_meaning(model, query), exact, 5)] == ["tmp"]
    finally:
        store.close()


def test_small_ephemeral_sources_only_and_pruning(tmp_path: Path) -> None:
    store = open_store(tmp_path / "k.db")
    model = _model()
    try:
        store.index(document("tmp", "disk full ENOSPC", SourceKind.EPHEMERAL))
        embed = EmbedChunks(model, store)
        assert embed.run({SourceKind.EPHEMERAL}, max_chunks=0) == 0
        assert embed.run({SourceKind.EPHEMERAL}, max_chunks=1) == 1
        store.delete_sources([store.source_by_label("tmp").id])  # type: ignore[union-attr]
        assert store.forget_unused(model.model_id) == 1
    finally:
        store.close()


def test_a_file_with_vectors_reopens_and_searches_by_words(tmp_path: Path) -> None:
    path = tmp_path / "k.db"
    store = open_store(path)
    model = _model()
    store.index(document("pod", "Reason: OOMKilled exit 137"))
    EmbedChunks(model, store).run(ALL_KINDS)
    store.close()
    again = open_store(path)
    try:
        words = words_query(parse_query("oomkilled"), Combine.ALL)
        assert words is not None
        hits = again.search(words, EVERY, 5)
        assert [h.label for h in hits] == ["pod"]
        assert again.embedding_progress(model.model_id, ALL_KINDS).complete
    finally:
        again.close()


def test_only_the_sources_named_are_embedded_and_counted(tmp_path: Path) -> None:
    store = open_store(tmp_path / "k.db")
    model = _model()
    try:
        store.index(document("backlog", "Reason: OOMKilled exit 137"))
        store.index(document("just indexed", "write failed ENOSPC on /var"))
        embed = EmbedChunks(model, store)
        named = embed.progress(ALL_KINDS, ["just indexed"])
        assert (named.embedded, named.total, named.waiting_sources) == (0, 1, ("just indexed",))
        assert embed.run(ALL_KINDS, labels=["just indexed"]) == 1
        assert embed.progress(ALL_KINDS, ["just indexed"]).complete
        assert embed.progress(ALL_KINDS).waiting_sources == ("backlog",)
        assert embed.run(ALL_KINDS, labels=[]) == 0
    finally:
        store.close()


def test_a_scope_that_leaves_out_nearer_chunks_returns_the_nearest_within_it(
    tmp_path: Path,
) -> None:
    # Out-of-scope rows are scored with the rest, then ranked below every cosine: the chunks
    # found are exactly the nearest ones in scope, in order, however near the others are.
    store = open_store(tmp_path / "k.db")
    model = _model()
    words = ["memory", "disk", "queue", "token", "cache", "index", "oomkilled", "full"]
    try:
        for number in range(40):
            text = " ".join(words[(number * k) % len(words)] for k in (1, 3, 5)) + f" n{number}"
            kind = SourceKind.EPHEMERAL if number % 3 == 0 else SourceKind.DURABLE
            store.index(document(f"s{number}", text, kind))
        EmbedChunks(model, store).run(ALL_KINDS)
        (query,) = model.embed(["memory oomkilled"])
        durable = SearchScope(kinds=frozenset({SourceKind.DURABLE}), kinds_explicit=True)
        everything = store.search(_by_meaning(model, query, floor=-1.0), EVERY, 40)
        assert any(h.kind is SourceKind.EPHEMERAL for h in everything[:5])
        expected = [h for h in everything if h.kind is SourceKind.DURABLE]
        for limit in (1, 5, 26, 40):
            found = store.search(_by_meaning(model, query, floor=-1.0), durable, limit)
            assert [(h.chunk_id, h.relevance) for h in found] == [
                (h.chunk_id, h.relevance) for h in expected[:limit]
            ]
        only = SearchScope(kinds=frozenset({SourceKind.SESSION}), kinds_explicit=True)
        assert store.search(_by_meaning(model, query, floor=-1.0), only, 5) == []
    finally:
        store.close()
