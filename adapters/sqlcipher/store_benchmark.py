"""Measuring the encrypted store against raw FTS5 (for ``capy bench perf``; no test asserts speed).

``measure_indexing`` times ``SqlcipherKnowledgeStore.index`` on a generated mixed corpus next
to plain, unencrypted FTS5 inserts of the same chunks; ``measure_search`` times single-layer
queries at a given chunk count next to one raw FTS5 MATCH.
"""

from __future__ import annotations

import random
import statistics
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TypeVar

import attrs
import sqlcipher3

from adapters.sqlcipher.benchmark_corpus import LEXICON, generate_corpus, to_documents
from adapters.sqlcipher.sqlcipher_knowledge_store import SqlcipherKnowledgeStore
from domain.search.store_query import StoreQuery
from domain.search_hit import SearchLayer, SearchScope
from domain.source import SourceDocument
from domain.source_kind import ALL_KINDS

Q = TypeVar("Q")


@attrs.frozen
class IndexingResult:
    corpus_bytes: int
    chunks: int
    store_seconds: float
    raw_seconds: float
    raw_porter_only_seconds: float

    @property
    def store_mb_per_s(self) -> float:
        return self.corpus_bytes / 1e6 / self.store_seconds

    @property
    def raw_mb_per_s(self) -> float:
        return self.corpus_bytes / 1e6 / self.raw_seconds


@attrs.frozen
class SearchResult:
    chunks: int
    queries: int
    porter_p50_ms: float
    trigram_p50_ms: float
    raw_porter_p50_ms: float
    raw_trigram_p50_ms: float
    porter_per_s: float
    trigram_per_s: float


def measure_indexing(workdir: Path, target_bytes: int = 20_000_000) -> IndexingResult:
    """Index ~``target_bytes`` through the encrypted store, then the same chunks into raw FTS5."""
    workdir.mkdir(parents=True, exist_ok=True)
    corpus = generate_corpus(target_bytes)
    documents = to_documents(corpus)
    size = sum(len(text.encode()) for _, _, text in corpus)
    store = SqlcipherKnowledgeStore(workdir / "bench-store.db", "bench key")
    store_seconds = _timed(lambda: [store.index(d) for d in documents])
    store.close()
    raw = _timed(lambda: _raw_inserts(workdir / "bench-raw.db", documents, trigram=True))
    porter = _timed(lambda: _raw_inserts(workdir / "bench-raw1.db", documents, trigram=False))
    return IndexingResult(size, sum(len(d.chunks) for d in documents), store_seconds, raw, porter)


def _raw_inserts(path: Path, documents: Sequence[SourceDocument], trigram: bool) -> None:
    """Unencrypted FTS5: one transaction per document, the same chunks, WAL + NORMAL sync."""
    connection = _raw_connection(path, trigram)
    tables = ("raw_porter", "raw_trigram") if trigram else ("raw_porter",)
    for document in documents:
        connection.execute("BEGIN IMMEDIATE")
        for table in tables:
            connection.executemany(
                f"INSERT INTO {table} (title, content) VALUES (?, ?)",
                [(c.title, c.content) for c in document.chunks],
            )
        connection.execute("COMMIT")
    connection.close()


def _raw_connection(path: Path, trigram: bool) -> sqlcipher3.Connection:
    connection = sqlcipher3.connect(str(path), isolation_level=None)
    connection.execute("PRAGMA journal_mode = WAL")
    connection.execute("PRAGMA synchronous = NORMAL")
    connection.execute(
        "CREATE VIRTUAL TABLE IF NOT EXISTS raw_porter USING fts5"
        "(title, content, tokenize='porter unicode61')"
    )
    if trigram:
        connection.execute(
            "CREATE VIRTUAL TABLE IF NOT EXISTS raw_trigram USING fts5"
            "(title, content, tokenize='trigram')"
        )
    return connection


def measure_search(workdir: Path, chunks: int = 10_000, queries: int = 300) -> SearchResult:
    """Two-term AND queries (Zipf-drawn words, as people search) against ~``chunks`` chunks."""
    workdir.mkdir(parents=True, exist_ok=True)
    documents, total = [], 0
    for document in to_documents(generate_corpus(chunks * 2500, seed=11)):
        documents.append(document)
        total += len(document.chunks)
        if total >= chunks:
            break
    store = SqlcipherKnowledgeStore(workdir / "bench-search.db", "bench key")
    for document in documents:
        store.index(document)
    _raw_inserts(workdir / "bench-search-raw.db", documents, trigram=True)
    raw = _raw_connection(workdir / "bench-search-raw.db", trigram=True)
    rng = random.Random(3)
    size = len(LEXICON)
    terms = [LEXICON[int(size ** rng.random()) - 1] for _ in range(queries)]
    units = [((a,), (b,)) for a, b in zip(terms, reversed(terms), strict=True)]
    pairs = [f'"{a}" AND "{b}"' for a, b in zip(terms, reversed(terms), strict=True)]
    scope = SearchScope(kinds=ALL_KINDS)
    words = [StoreQuery(SearchLayer.WORDS, groups) for groups in units]
    substrings = [StoreQuery(SearchLayer.SUBSTRINGS, groups) for groups in units]
    porter = _latencies(lambda q: store.search(q, scope, 10), words)
    trigram = _latencies(lambda q: store.search(q, scope, 10), substrings)
    raw_sql = "SELECT rowid FROM {} WHERE {} MATCH ? ORDER BY rank LIMIT 10"
    raw_porter = _latencies(
        lambda q: raw.execute(raw_sql.format("raw_porter", "raw_porter"), (q,)).fetchall(), pairs
    )
    raw_trigram = _latencies(
        lambda q: raw.execute(raw_sql.format("raw_trigram", "raw_trigram"), (q,)).fetchall(), pairs
    )
    store.close()
    raw.close()
    return SearchResult(
        chunks=total,
        queries=len(pairs),
        porter_p50_ms=statistics.median(porter) * 1000,
        trigram_p50_ms=statistics.median(trigram) * 1000,
        raw_porter_p50_ms=statistics.median(raw_porter) * 1000,
        raw_trigram_p50_ms=statistics.median(raw_trigram) * 1000,
        porter_per_s=len(porter) / sum(porter),
        trigram_per_s=len(trigram) / sum(trigram),
    )


def _latencies(run: Callable[[Q], object], queries: Sequence[Q], repeat: int = 3) -> list[float]:
    """Per query, the fastest of ``repeat`` runs: other processes on the machine only add noise."""
    spent = []
    for query in queries:
        best = float("inf")
        for _ in range(repeat):
            start = time.perf_counter()
            run(query)
            best = min(best, time.perf_counter() - start)
        spent.append(best)
    return spent


def _timed(run: Callable[[], object]) -> float:
    start = time.perf_counter()
    run()
    return time.perf_counter() - start
