"""The encrypted store counts a word's chunks as its porter index holds the word."""

from __future__ import annotations

from pathlib import Path

from adapters.memory.in_memory_knowledge_store import InMemoryKnowledgeStore
from tests.integration.store.helpers import document, open_store

TEXTS = (
    "the tables were merged into one environment",
    "two tables and a merge conflict",
    "Merging environments: psycopg.errors.QueryCanceled",
    "nothing else here",
)
# Porter cuts shorter than capy's own stem (table → tabl, merge → merg, environment → environ):
# counted by capy's stem, these words were held by no chunk and weighed as unknown.
WORDS = ["table", "tables", "merge", "merged", "environment", "query", "autovacuum", "--", ""]
COUNTS = (2, 2, 3, 3, 2, 0, 0, 0, 0)


def test_words_are_counted_by_the_stems_the_index_holds(tmp_path: Path) -> None:
    store = open_store(tmp_path / "knowledge.db")
    for n, text in enumerate(TEXTS):
        store.index(document(f"doc-{n}", text))
    assert store.chunk_frequencies(WORDS) == (len(TEXTS), COUNTS)
    store.close()


def test_the_count_survives_reopening_and_follows_deletes(tmp_path: Path) -> None:
    path = tmp_path / "knowledge.db"
    store = open_store(path)
    for n, text in enumerate(TEXTS):
        store.index(document(f"doc-{n}", text))
    store.close()
    store = open_store(path)
    first = store.source_by_label("doc-0")
    assert first is not None
    store.delete_sources([first.id])
    assert store.chunk_frequencies(["table", "merge"]) == (len(TEXTS) - 1, (1, 2))
    store.close()


def test_a_phrase_is_counted_as_a_phrase(tmp_path: Path) -> None:
    store = open_store(tmp_path / "knowledge.db")
    for n, text in enumerate(TEXTS):
        store.index(document(f"doc-{n}", text))
    assert store.chunk_frequencies(["merge conflict", "tables merge"]) == (len(TEXTS), (1, 0))
    store.close()


def test_the_in_memory_store_counts_the_same(tmp_path: Path) -> None:
    real, memory = open_store(tmp_path / "knowledge.db"), InMemoryKnowledgeStore()
    for store in (real, memory):
        for n, text in enumerate(TEXTS):
            store.index(document(f"doc-{n}", text))
    assert memory.chunk_frequencies(WORDS) == real.chunk_frequencies(WORDS)
    real.close()
