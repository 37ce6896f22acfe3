"""The semantic layer's vectors in a real encrypted store: stored once per text, scored,
scoped, pruned — and a file with vectors used as before by a capy without the layer."""

from __future__ import annotations

from pathlib import Path

from adapters.memory.fake_embedder import FakeEmbedder
from adapters.memory.vector_scores import dot, unpack
from application.use_cases.embed_chunks import EmbedChunks
from domain.search_hit import SearchLayer, SearchScope
from domain.source_kind import ALL_KINDS, SourceKind
from tests.integration.store.helpers import document, open_store

MEANINGS = {"oomkilled": "memory", "exhausted": "memory", "enospc": "disk", "full": "disk"}
EVERY = SearchScope(kinds=ALL_KINDS, kinds_explicit=True)


def _model() -> FakeEmbedder:
    return FakeEmbedder(MEANINGS, dimensions=64)


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
        hits = store.nearest(model.model_id, lambda: query, EVERY, 5)
        assert [h.label for h in hits[:2]] == ["pod", "pod copy"]
        assert hits[0].content == "Reason: OOMKilled exit 137"
        (vector,) = model.embed([f"{hits[0].title}\n{hits[0].content}"])
        assert abs(-hits[0].bm25 - dot(unpack(vector), unpack(query))) < 1e-5
        assert store.embedding_progress(model.model_id, {SourceKind.DURABLE}).complete
    finally:
        store.close()


def test_scope_floor_and_a_store_without_vectors_never_embed_the_query(tmp_path: Path) -> None:
    store = open_store(tmp_path / "k.db")
    model = _model()
    asked: list[str] = []

    def query() -> bytes:
        asked.append("q")
        return model.embed(["memory exhausted"])[0]

    try:
        store.index(document("pod", "Reason: OOMKilled exit 137"))
        assert store.nearest(model.model_id, query, EVERY, 5) == []
        assert asked == []  # nothing embedded yet: the model is not even asked
        store.index(document("tmp", "Reason: OOMKilled again", SourceKind.EPHEMERAL))
        EmbedChunks(model, store).run(ALL_KINDS)
        only_durable = SearchScope(kinds=frozenset({SourceKind.DURABLE}), kinds_explicit=True)
        assert {h.label for h in store.nearest(model.model_id, query, only_durable, 5)} == {"pod"}
        assert store.nearest(model.model_id, query, EVERY, 5, floor=0.999) == []
        exact = SearchScope(source="tmp", exact_source=True)
        assert [h.label for h in store.nearest(model.model_id, query, exact, 5)] == ["tmp"]
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
        hits = again.search(SearchLayer.PORTER, '"oomkilled"', EVERY, 5)
        assert [h.label for h in hits] == ["pod"]
        assert again.embedding_progress(model.model_id, ALL_KINDS).complete
    finally:
        again.close()
