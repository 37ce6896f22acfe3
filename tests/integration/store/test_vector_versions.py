"""What the store keeps read of its vectors (the matrix a search scores, the embedding
progress a search reports) is read again exactly when the file changed, and only then."""

from __future__ import annotations

from pathlib import Path

from adapters.memory.fake_embedder import FakeEmbedder
from adapters.sqlcipher.sqlcipher_knowledge_store import SqlcipherKnowledgeStore
from application.use_cases.embed_chunks import EmbedChunks
from domain.search.store_query import Meaning, StoreQuery
from domain.search_hit import SearchScope
from domain.source_kind import ALL_KINDS, SourceKind
from tests.integration.store.helpers import document, open_store
from tests.support.vm_steps import vm_steps

EVERY = SearchScope(kinds=ALL_KINDS, kinds_explicit=True)
MODEL = FakeEmbedder({"oomkilled": "memory", "exhausted": "memory"}, dimensions=256)


def _near(store: SqlcipherKnowledgeStore) -> list[str]:
    (vector,) = MODEL.embed(["memory exhausted"])
    query = StoreQuery.by_meaning("memory exhausted", Meaning(MODEL.model_id, vector, 0.3))
    return sorted(hit.label for hit in store.search(query, EVERY, 9))


def _work(store: SqlcipherKnowledgeStore) -> int:
    """The database's work (virtual machine steps, in hundreds) to read the progress."""
    connection = store._pool.connection()
    steps, _ = vm_steps(connection, lambda: store.embedding_progress(MODEL.model_id, ALL_KINDS))
    return steps


def test_the_matrix_follows_new_dropped_and_forgotten_vectors(tmp_path: Path) -> None:
    store = open_store(tmp_path / "k.db")
    embed = EmbedChunks(MODEL, store)
    try:
        store.index(document("a", "Reason: OOMKilled"))
        embed.run(ALL_KINDS)
        assert _near(store) == ["a"]
        store.index(document("b", "memory exhausted again"))
        assert _near(store) == ["a"]  # not embedded yet
        embed.run(ALL_KINDS)
        assert _near(store) == ["a", "b"]
        store.delete_sources([store.source_by_label("b").id])  # type: ignore[union-attr]
        assert _near(store) == ["a"]
    finally:
        store.close()


def test_a_vector_that_takes_a_forgotten_ones_id_is_read(tmp_path: Path) -> None:
    store = open_store(tmp_path / "k.db")
    embed = EmbedChunks(MODEL, store)
    try:
        store.index(document("a", "Reason: OOMKilled"))
        store.index(document("b", "memory exhausted again"))
        embed.run(ALL_KINDS)
        assert _near(store) == ["a", "b"]
        store.delete_sources([store.source_by_label("b").id])  # type: ignore[union-attr]
        assert store.forget_unused(MODEL.model_id) == 1
        # ids are max + 1: the new chunk and its vector take b's ids (a source's id is new)
        store.index(document("d", "disk full"))
        embed.run(ALL_KINDS)
        assert _near(store) == ["a"]
    finally:
        store.close()


def test_progress_is_read_again_when_the_file_changed_and_only_then(tmp_path: Path) -> None:
    store = open_store(tmp_path / "k.db")
    embed = EmbedChunks(MODEL, store)
    try:
        for n in range(300):
            store.index(document(f"log {n}", f"worker {n} stopped"))
        first = _work(store)
        assert _work(store) < first / 3  # nothing changed: what was read is kept
        assert embed.progress(ALL_KINDS).waiting_sources[:2] == ("log 0", "log 1")
        embed.run(ALL_KINDS)
        assert embed.progress(ALL_KINDS).complete
        store.index(document("tmp", "new output", SourceKind.EPHEMERAL))
        assert embed.progress(ALL_KINDS).waiting_sources == ("tmp",)
        durable = {SourceKind.DURABLE}
        assert embed.progress(durable).complete
        store.index(document("tmp", "new output", SourceKind.DURABLE))  # the same text, kept
        assert embed.progress(durable).waiting_sources == ("tmp",)
        store.delete_sources([store.source_by_label("tmp").id])  # type: ignore[union-attr]
        assert embed.progress(ALL_KINDS).complete
    finally:
        store.close()


def test_a_question_asked_again_is_not_scored_again_until_the_vectors_change(
    tmp_path: Path,
) -> None:
    store = open_store(tmp_path / "k.db")
    embed = EmbedChunks(MODEL, store)
    matrix = store._vectors
    scored: list[bytes] = []
    score = matrix.scores

    def counted(data: object, vector: bytes) -> object:
        before = matrix._scored
        found = score(data, vector)  # type: ignore[arg-type]
        if matrix._scored is not before:
            scored.append(vector)
        return found

    matrix.scores = counted  # type: ignore[method-assign]
    (vector,) = MODEL.embed(["memory exhausted"])
    try:
        store.index(document("a", "Reason: OOMKilled"))
        store.index(document("b", "nothing to see", SourceKind.EPHEMERAL))
        embed.run(ALL_KINDS)
        assert _near(store) == ["a"] and len(scored) == 1
        # The same question again, with another floor, limit and scope: the same scores.
        runner_up = StoreQuery.by_meaning("memory exhausted", Meaning(MODEL.model_id, vector, -1.0))
        assert [h.label for h in store.search(runner_up, EVERY, 2)] == ["a", "b"]
        durable = SearchScope(kinds=frozenset({SourceKind.DURABLE}), kinds_explicit=True)
        assert [h.label for h in store.search(runner_up, durable, 2)] == ["a"]
        assert len(scored) == 1
        (other,) = MODEL.embed(["disk full"])
        store.search(
            StoreQuery.by_meaning("disk full", Meaning(MODEL.model_id, other, -1.0)), EVERY, 2
        )
        assert len(scored) == 2
        assert _near(store) == ["a"] and len(scored) == 3  # only the last question is kept
        store.index(document("c", "memory exhausted again"))
        embed.run(ALL_KINDS)
        assert _near(store) == ["a", "c"] and len(scored) == 4  # the vectors changed
    finally:
        store.close()
