"""The performance benchmark: capy's indexing and search next to raw FTS5, at several sizes."""

from __future__ import annotations

import resource
import secrets
import sqlite3
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

from application.ports.embedder import Embedder
from application.use_cases.index_request import IndexRequest
from application.use_cases.search_knowledge import SearchKnowledge
from domain.chunking import chunk
from domain.content_type import ContentType
from domain.search_hit import SearchScope
from domain.source_kind import ALL_KINDS, SourceKind
from entrypoints.bench.bench_store import StoreChoice, bench_container
from entrypoints.bench.perf_corpus import PerfCorpus, perf_corpus, perf_queries, weak_queries
from entrypoints.bench.perf_meaning import CountingEmbedder, measure_meaning

SEARCH_LIMIT = 5
SCOPE = SearchScope(kinds=ALL_KINDS, kinds_explicit=True)


def peak_rss_mb() -> float:
    """The process's peak resident set size so far, in MB."""
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return peak / (1024 * 1024) if sys.platform == "darwin" else peak / 1024


def _percentiles(samples: list[float], cpu: list[float] | None = None) -> dict[str, float]:
    """p50 and p95 of ``samples`` (seconds) in ms; with ``cpu`` (each sample's CPU seconds in
    this process), its p50 too: other processes' load stretches the clock, not the CPU."""
    ordered = sorted(samples)
    p95 = ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]
    found = {"p50_ms": round(statistics.median(ordered) * 1000, 3), "p95_ms": round(p95 * 1000, 3)}
    if cpu:
        found["cpu_p50_ms"] = round(statistics.median(cpu) * 1000, 3)
    return found


def _timed(run: Callable[[], object], wall: list[float], cpu: list[float]) -> None:
    """Run ``run`` once, adding its clock and CPU seconds to ``wall`` and ``cpu``."""
    began, began_cpu = time.perf_counter(), time.process_time()
    run()
    wall.append(time.perf_counter() - began)
    cpu.append(time.process_time() - began_cpu)


def _progress(console: Console) -> Progress:
    columns = (
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
    )
    return Progress(*columns, console=console, transient=True)


def index_all(container: Any, corpus: PerfCorpus, advance: Callable[[], None]) -> float:
    """Index every document of ``corpus`` as durable plain text; the seconds it took."""
    index = container.use_cases.index_content()
    began = time.perf_counter()
    for document in corpus.documents:
        index.execute(
            IndexRequest(
                content=document.text,
                label=document.label,
                kind=SourceKind.DURABLE,
                content_type=ContentType.PLAINTEXT,
            )
        )
        advance()
    return time.perf_counter() - began


def _capy(
    corpus: PerfCorpus,
    queries: list[str],
    workdir: Path,
    bar: Progress,
    embedder: Embedder | None = None,
) -> dict[str, Any]:
    """capy's indexing and words-only search; with ``embedder``, also what the semantic layer
    costs (``perf_meaning``)."""
    counter = CountingEmbedder(embedder) if embedder is not None else None
    with bench_container(StoreChoice.SQLCIPHER, workdir, embedder=counter) as container:
        task = bar.add_task("capy: indexing", total=len(corpus.documents))
        # The store is opened (its key derived, its schema migrated) before either count
        # starts, as the clock's does in ``index_all`` and the encrypted pair's does for its file.
        container.use_cases.index_content()
        began_cpu = time.process_time()
        index_seconds = index_all(container, corpus, lambda: bar.advance(task))
        index_cpu_seconds = time.process_time() - began_cpu
        bar.remove_task(task)
        store = container.adapters.knowledge_store()
        chunks = store.stats().chunk_count
        words = SearchKnowledge(store, container.core.clock(), track_access=False)
        words.search(queries[0], SEARCH_LIMIT, SCOPE)  # warm caches, as a running server has
        samples: list[float] = []
        cpu: list[float] = []
        task = bar.add_task("capy: searching", total=len(queries))
        for query in queries:
            _timed(partial(words.search, query, SEARCH_LIMIT, SCOPE), samples, cpu)
            bar.advance(task)
        bar.remove_task(task)
        measured = {
            "chunks": chunks,
            "index_seconds": index_seconds,
            "index_cpu_seconds": round(index_cpu_seconds, 3),
            "search": _percentiles(samples, cpu),
        }
        if counter is not None:
            weak = weak_queries(corpus, len(queries))
            measured["semantic"] = measure_meaning(
                container, counter, queries, weak, bar, limit=SEARCH_LIMIT
            )
    return measured


PORTER_TABLE = "CREATE VIRTUAL TABLE {name} USING fts5(title, content, tokenize='porter unicode61')"
TRIGRAM_TABLE = "CREATE VIRTUAL TABLE {name} USING fts5(title, content, tokenize='trigram')"


def open_raw(path: Path, tables: dict[str, str], *, encrypted: bool = False) -> sqlite3.Connection:
    """A plain sqlite3 file, or (``encrypted``) a SQLCipher one opened as capy opens its store:
    the same cipher, a key derived once, WAL, ``synchronous=NORMAL`` and the store's
    ``secure_delete`` (ADR 0152)."""
    if encrypted:
        from adapters.sqlcipher.connection import connect
        from adapters.sqlcipher.key_material import for_file
        from adapters.sqlcipher.profile import KNOWLEDGE

        db = connect(path, for_file(secrets.token_hex(16), path).pragma)
        db.execute(f"PRAGMA secure_delete = {KNOWLEDGE.secure_delete}")
    else:
        db = sqlite3.connect(path, isolation_level=None)
        db.execute("PRAGMA journal_mode=WAL")
        db.execute("PRAGMA synchronous=NORMAL")
    for name, ddl in tables.items():
        db.execute(ddl.format(name=name))
    return db


def _insert(
    db: sqlite3.Connection,
    tables: list[str],
    documents: list[list[tuple[str, str]]],
    bar: Progress,
    label: str,
) -> tuple[float, float]:
    """Seconds to insert every document into every table, one transaction per document: on
    the clock, and of this process's CPU (what other processes' load leaves alone)."""
    task = bar.add_task(label, total=len(documents))
    began, began_cpu = time.perf_counter(), time.process_time()
    for rows in documents:
        db.execute("BEGIN")
        for table in tables:
            db.executemany(f"INSERT INTO {table}(title, content) VALUES (?, ?)", rows)
        db.execute("COMMIT")
        bar.advance(task)
    seconds, cpu_seconds = time.perf_counter() - began, time.process_time() - began_cpu
    bar.remove_task(task)
    return seconds, cpu_seconds


def _raw_match(db: sqlite3.Connection, match: str) -> None:
    db.execute(
        "SELECT rowid, title, content FROM c WHERE c MATCH ? ORDER BY rank LIMIT ?",
        (match, SEARCH_LIMIT),
    ).fetchall()


def _raw(corpus: PerfCorpus, queries: list[str], workdir: Path, bar: Progress) -> dict[str, Any]:
    """Plain sqlite3 FTS5 with the same chunks, one transaction per document as capy.

    The porter table alone is the reference for both indexing and MATCH; porter + trigram in
    one transaction shows what the second full-text layer costs before encryption, and the same
    pair in a SQLCipher file what it costs encrypted — the limit for capy's own indexing.
    """
    documents = [
        [(c.title, c.content) for c in chunk(d.text, ContentType.PLAINTEXT)]
        for d in corpus.documents
    ]
    db = open_raw(workdir / "raw.db", {"c": PORTER_TABLE})
    try:
        index_seconds, _ = _insert(db, ["c"], documents, bar, "raw FTS5 porter: inserting")
        samples: list[float] = []
        cpu: list[float] = []
        for query in queries:
            match = " ".join(f'"{term}"' for term in query.split())
            _timed(partial(_raw_match, db, match), samples, cpu)
    finally:
        db.close()
    both = open_raw(workdir / "raw-both.db", {"p": PORTER_TABLE, "t": TRIGRAM_TABLE})
    try:
        both_seconds, _ = _insert(both, ["p", "t"], documents, bar, "raw FTS5 porter+trigram")
    finally:
        both.close()
    sealed = open_raw(
        workdir / "raw-enc.db", {"p": PORTER_TABLE, "t": TRIGRAM_TABLE}, encrypted=True
    )
    try:
        sealed_seconds, sealed_cpu = _insert(
            sealed, ["p", "t"], documents, bar, "encrypted porter+trigram"
        )
    finally:
        sealed.close()
    chunks = sum(len(rows) for rows in documents)
    return {
        "chunks": chunks,
        "index_seconds": index_seconds,
        "search": _percentiles(samples, cpu),
        "porter_trigram_index_seconds": round(both_seconds, 3),
        "porter_trigram_chunks_per_s": round(chunks / both_seconds, 1),
        "encrypted_porter_trigram_index_seconds": round(sealed_seconds, 3),
        "encrypted_porter_trigram_chunks_per_s": round(chunks / sealed_seconds, 1),
        "encrypted_porter_trigram_index_cpu_seconds": round(sealed_cpu, 3),
    }


def _measure(
    size: int, query_count: int, bar: Progress, embedder: Embedder | None
) -> dict[str, Any]:
    corpus = perf_corpus(size)
    queries = perf_queries(corpus, query_count)
    corpus_bytes = sum(len(d.text.encode()) for d in corpus.documents)
    with tempfile.TemporaryDirectory(prefix="capy-perf-") as tmp:
        capy = _capy(corpus, queries, Path(tmp) / "capy", bar, embedder)
        raw = _raw(corpus, queries, Path(tmp), bar)
    for side in (capy, raw):
        seconds = side["index_seconds"]
        side["index_chunks_per_s"] = round(side["chunks"] / seconds, 1)
        side["index_mb_per_s"] = round(corpus_bytes / 1e6 / seconds, 3)
        side["index_seconds"] = round(seconds, 3)
    return {
        "size": size,
        "documents": len(corpus.documents),
        "corpus_bytes": corpus_bytes,
        "queries": len(queries),
        "capy": capy,
        "raw_fts5": raw,
        "index_speed_vs_raw": round(raw["index_seconds"] / max(capy["index_seconds"], 1e-9), 3),
        "index_speed_vs_raw_porter_trigram": round(
            raw["porter_trigram_index_seconds"] / max(capy["index_seconds"], 1e-9), 3
        ),
        # The limit for what capy stores: the same chunks, encrypted, in both full-text tables.
        "index_speed_vs_encrypted_porter_trigram": round(
            raw["encrypted_porter_trigram_index_seconds"] / max(capy["index_seconds"], 1e-9), 3
        ),
        # The same by CPU seconds: both run in this process, so other processes' load, which
        # moves the clock ratio between runs, weighs on neither.
        "index_cpu_speed_vs_encrypted_porter_trigram": round(
            raw["encrypted_porter_trigram_index_cpu_seconds"]
            / max(capy["index_cpu_seconds"], 1e-9),
            3,
        ),
        "search_p50_vs_raw": round(
            capy["search"]["p50_ms"] / max(raw["search"]["p50_ms"], 1e-6), 2
        ),
        # The same by CPU: the searches of both sides run in this process, at different times.
        "search_cpu_p50_vs_raw": round(
            capy["search"]["cpu_p50_ms"] / max(raw["search"]["cpu_p50_ms"], 1e-6), 2
        ),
        "peak_rss_mb": round(peak_rss_mb(), 1),
    }


def run_perf(
    sizes: list[int],
    query_count: int,
    console: Console,
    embedder: Embedder | None = None,
    log_mb: float = 0,
) -> dict[str, Any]:
    """Measure every size in order (``embedder``: also what the semantic layer with that model
    costs a search, ``perf_meaning``), then (``log_mb`` > 0) one log of that many MB indexed
    whole; the report is JSON-ready."""
    from entrypoints.bench.perf_log import measure_log
    from entrypoints.bench.report import environment

    measured = []
    log = None
    with _progress(console) as bar:
        for size in sizes:
            task = bar.add_task(f"size {size:,} chunks", total=None)
            measured.append(_measure(size, query_count, bar, embedder))
            bar.remove_task(task)
        if log_mb > 0:
            task = bar.add_task(f"a {log_mb:g} MB log, indexed whole", total=None)
            with tempfile.TemporaryDirectory(prefix="capy-perf-log-") as tmp:
                log = measure_log(Path(tmp), log_mb)
            bar.remove_task(task)
    report = {"metadata": environment(), "search_limit": SEARCH_LIMIT, "sizes": measured}
    if log is not None:
        report["log"] = log
    return report
