"""The embedding backlog read a batch at a time in a real encrypted store: every waiting text
once, oldest first, a failed batch again, and a chunk that took a drained chunk's id found."""

from __future__ import annotations

import random
from pathlib import Path

import attrs

from adapters.sqlcipher.sqlcipher_knowledge_store import SqlcipherKnowledgeStore
from domain.chunk import Chunk
from domain.source_kind import ALL_KINDS, SourceKind
from tests.integration.store.helpers import document, open_store
from tests.support.vm_steps import vm_steps

VECTOR = b"\0" * 16


def _index(store: SqlcipherKnowledgeStore, label: str, *texts: str) -> None:
    chunks = tuple(Chunk(title="Output", content=text) for text in texts)
    store.index(attrs.evolve(document(label, "\n".join(texts)), chunks=chunks))


def _drain(store: SqlcipherKnowledgeStore, batch: int = 3) -> list[str]:
    """Every text the backlog hands out, batch by batch, each batch stored."""
    seen: list[str] = []
    while waiting := store.pending("m", ALL_KINDS, batch):
        seen += [item.content for item in waiting]
        store.store_vectors("m", [(item.text_hash, [VECTOR]) for item in waiting])
    return seen


def test_each_waiting_text_comes_once_oldest_first_copies_and_all(tmp_path: Path) -> None:
    store = open_store(tmp_path / "k.db")
    rng = random.Random(7)
    texts = [f"worker {rng.randrange(12)} stopped" for _ in range(40)]
    try:
        for n in range(0, 40, 5):
            _index(store, f"part {n}", *texts[n : n + 5])
        assert _drain(store) == list(dict.fromkeys(texts))
        assert store.embedding_progress("m", ALL_KINDS).complete
    finally:
        store.close()


def test_a_batch_that_was_not_stored_comes_again(tmp_path: Path) -> None:
    store = open_store(tmp_path / "k.db")
    try:
        _index(store, "log", *(f"line {n}" for n in range(7)))
        first = store.pending("m", ALL_KINDS, 3)
        assert [item.content for item in first] == ["line 0", "line 1", "line 2"]
        assert store.pending("m", ALL_KINDS, 3) == first  # embedding failed: nothing stored
        store.store_vectors("m", [(item.text_hash, [VECTOR]) for item in first])
        assert [i.content for i in store.pending("m", ALL_KINDS, 3)] == [
            "line 3",
            "line 4",
            "line 5",
        ]
        assert _drain(store) == ["line 3", "line 4", "line 5", "line 6"]
    finally:
        store.close()


def test_a_chunk_that_took_a_drained_chunks_id_is_found(tmp_path: Path) -> None:
    store = open_store(tmp_path / "k.db")
    try:
        _index(store, "old", *(f"old {n}" for n in range(4)))
        _index(store, "newest", *(f"newest {n}" for n in range(6)))
        for _ in range(2):
            done = store.pending("m", ALL_KINDS, 3)
            store.store_vectors("m", [(item.text_hash, [VECTOR]) for item in done])
        # the walk's mark is now at "newest 2"; ids are max + 1, so once the newest source is
        # gone the next source's chunks take ids below it
        assert next(i.content for i in store.pending("m", ALL_KINDS, 3)) == "newest 2"
        store.delete_sources([store.source_by_label("newest").id])  # type: ignore[union-attr]
        _index(store, "again", *(f"again {n}" for n in range(2)))
        assert _drain(store) == ["again 0", "again 1"]
    finally:
        store.close()


def test_each_question_has_its_own_place_in_the_backlog(tmp_path: Path) -> None:
    store = open_store(tmp_path / "k.db")
    try:
        _index(store, "durable", *(f"kept {n}" for n in range(5)))
        store.index(document("tmp", "short output", SourceKind.EPHEMERAL))
        kept = {SourceKind.DURABLE}
        assert [i.content for i in store.pending("m", kept, 2)] == ["kept 0", "kept 1"]
        assert [i.content for i in store.pending("m", {SourceKind.EPHEMERAL}, 2, 1)] == [
            "short output"
        ]
        assert [i.content for i in store.pending("m", ALL_KINDS, 9, labels=["tmp"])] == [
            "short output"
        ]
        assert [i.content for i in store.pending("other", kept, 2)] == ["kept 0", "kept 1"]
    finally:
        store.close()


def _steps(store: SqlcipherKnowledgeStore) -> int:
    """The database's work (virtual machine steps, in hundreds) for one batch, stored."""
    steps, waiting = vm_steps(store._pool.connection(), lambda: store.pending("m", ALL_KINDS, 8))
    store.store_vectors("m", [(item.text_hash, [VECTOR]) for item in waiting])
    return steps


def test_a_batch_costs_the_same_whatever_the_backlog_before_and_after_it(tmp_path: Path) -> None:
    store = open_store(tmp_path / "k.db")
    try:
        _index(store, "first", *(f"first {n}" for n in range(100)))
        _steps(store)
        small = _steps(store)  # 8 chunks embedded before it, 84 waiting after it
        for part in range(10):
            _index(store, f"more {part}", *(f"more {part} {n}" for n in range(200)))
        store.pending("another model", ALL_KINDS, 1)  # hashes the new chunks' texts
        for _ in range(150):
            _steps(store)
        large = _steps(store)  # 1 216 embedded before it, ~900 waiting after it
        assert large < 2 * small + 5
    finally:
        store.close()
