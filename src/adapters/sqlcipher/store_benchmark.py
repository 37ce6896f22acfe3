"""Measuring the encrypted store against raw FTS5 (for ``capy bench perf``; no test asserts speed).

``measure_indexing`` times ``SqlcipherKnowledgeStore.index`` on a generated mixed corpus next
to plain, unencrypted FTS5 inserts of the same chunks; ``measure_search`` times single-layer
queries at a given chunk count next to one raw FTS5 MATCH.
"""

from __future__ import annotations

import hashlib
import json
import random
import statistics
import time
from collections.abc import Callable, Sequence
from pathlib import Path

import attrs
import sqlcipher3

from adapters.sqlcipher.sqlcipher_knowledge_store import SqlcipherKnowledgeStore
from domain.chunking import chunk
from domain.content_type import ContentType
from domain.search_hit import SearchLayer, SearchScope
from domain.source import SourceDocument
from domain.source_kind import ALL_KINDS, SourceKind
from domain.vocabulary import document_vocabulary

_WORDS = (
    "alpha",
    "beta",
    "gamma",
    "delta",
    "kubernetes",
    "deploy",
    "cache",
    "redis",
    "postgres",
    "index",
    "search",
    "token",
    "vault",
    "session",
    "chunk",
    "encrypt",
    "server",
    "client",
    "request",
    "response",
    "handler",
    "config",
    "error",
    "timeout",
    "retry",
    "python",
    "rust",
    "golang",
    "widget",
    "gateway",
    "queue",
    "worker",
    "schedule",
    "metric",
    "latency",
    "throughput",
    "buffer",
)


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


def generate_corpus(target_bytes: int, seed: int = 7) -> list[tuple[str, ContentType, str]]:
    """(label, content type, text) triples of markdown, JSON and plaintext, ~``target_bytes``."""
    rng = random.Random(seed)
    documents: list[tuple[str, ContentType, str]] = []
    total = 0
    while total < target_bytes:
        kind = len(documents) % 3
        if kind == 0:
            text = _markdown(rng)
            documents.append((f"docs:{len(documents)}.md", ContentType.MARKDOWN, text))
        elif kind == 1:
            text = _json(rng)
            documents.append((f"api:{len(documents)}.json", ContentType.JSON, text))
        else:
            text = _plaintext(rng)
            documents.append((f"execute:{len(documents)}", ContentType.PLAINTEXT, text))
        total += len(text.encode())
    return documents


_SYLLABLES = tuple(c + v for c in "bcdfghklmnprstvz" for v in ("a", "e", "i", "o", "u", "ai", "ou"))


def _lexicon(rng: random.Random, size: int = 20_000) -> list[str]:
    """Pseudo-words: real text has many distinct words (and trigrams), drawn Zipf-like."""
    words = list(_WORDS)
    while len(words) < size:
        words.append("".join(rng.choice(_SYLLABLES) for _ in range(rng.randrange(2, 5))))
    return words


_LEXICON = _lexicon(random.Random(1))


def _sentence(rng: random.Random, words: int) -> str:
    size = len(_LEXICON)
    return " ".join(_LEXICON[int(size ** rng.random()) - 1] for _ in range(words))


def _markdown(rng: random.Random) -> str:
    parts = []
    for section in range(rng.randrange(5, 15)):
        parts.append(f"## Section {section} {rng.choice(_WORDS)}\n")
        parts.extend(_sentence(rng, 60) + "\n" for _ in range(rng.randrange(2, 8)))
        if rng.random() < 0.3:
            parts.append(f"```python\ndef {rng.choice(_WORDS)}():\n    return 1\n```\n")
    return "\n".join(parts)


def _json(rng: random.Random) -> str:
    items = [
        {"id": f"item-{i}", "name": rng.choice(_WORDS), "text": _sentence(rng, 20)}
        for i in range(rng.randrange(20, 80))
    ]
    return json.dumps({"items": items, "total": len(items)}, indent=2)


def _plaintext(rng: random.Random) -> str:
    return "\n".join(f"[{i}] " + _sentence(rng, 12) for i in range(rng.randrange(50, 300)))


def to_documents(corpus: Sequence[tuple[str, ContentType, str]]) -> list[SourceDocument]:
    return [
        SourceDocument(
            label=label,
            kind=SourceKind.DURABLE,
            content_type=content_type,
            content_hash=hashlib.sha256(text.encode()).hexdigest(),
            size_bytes=len(text.encode()),
            chunks=chunk(text, content_type),
            vocabulary=document_vocabulary(text),
        )
        for label, content_type, text in corpus
    ]


def measure_indexing(workdir: Path, target_bytes: int = 20_000_000) -> IndexingResult:
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
    size = len(_LEXICON)
    terms = [_LEXICON[int(size ** rng.random()) - 1] for _ in range(queries)]
    pairs = [f'"{a}" AND "{b}"' for a, b in zip(terms, reversed(terms), strict=True)]
    scope = SearchScope(kinds=ALL_KINDS)
    porter = _latencies(lambda q: store.search(SearchLayer.PORTER, q, scope, 10), pairs)
    trigram = _latencies(lambda q: store.search(SearchLayer.TRIGRAM, q, scope, 10), pairs)
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


def _latencies(
    run: Callable[[str], object], queries: Sequence[str], repeat: int = 3
) -> list[float]:
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
