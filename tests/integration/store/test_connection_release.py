"""Releasing a thread's memory closes that thread's connection only; the next use opens another."""

from __future__ import annotations

import ctypes
import threading
from collections.abc import Iterator, Sequence
from pathlib import Path

from sqlcipher3 import _sqlite3  # type: ignore[attr-defined]

from adapters.sqlcipher.connection import (
    OWN_PAGES_FROM_BYTES,
    PAGE_CACHE_KIB,
    WRITE_CACHE_KIB,
    Connection,
    write_cache,
)
from domain.chunk import Chunk
from domain.search_hit import SearchScope
from domain.source import DocumentHead
from tests.integration.store.helpers import document, open_store
from tests.unit.store.queries import words


def test_release_closes_the_calling_threads_connection_and_the_next_use_opens_one(
    tmp_path: Path,
) -> None:
    store = open_store(tmp_path / "knowledge.db")
    store.index(document("kept", "kept words in a section"))
    before = store._pool.connection()
    opened = store._pool.open_connections

    store.release_memory()

    assert store._pool.open_connections == opened - 1
    assert store._pool.connection() is not before
    assert [hit.label for hit in store.search(words("kept"), SearchScope(), 5)] == ["kept"]
    store.close()


def test_another_threads_connection_stays_open_and_usable(tmp_path: Path) -> None:
    store = open_store(tmp_path / "knowledge.db")
    store.index(document("kept", "kept words in a section"))
    used, release, done = threading.Event(), threading.Event(), threading.Event()
    seen: list[list[str]] = []

    def worker() -> None:
        seen.append([source.label for source in store.sources()])
        used.set()
        release.wait(10)
        seen.append([source.label for source in store.sources()])  # same connection as before
        done.set()

    thread = threading.Thread(target=worker)
    thread.start()
    assert used.wait(10)
    opened = store._pool.open_connections
    store.release_memory()  # the main thread's connection only
    assert store._pool.open_connections == opened - 1
    release.set()
    assert done.wait(10)
    thread.join()
    assert seen == [["kept"], ["kept"]]
    store.close()


def test_releasing_after_every_use_keeps_one_connection_per_thread(tmp_path: Path) -> None:
    store = open_store(tmp_path / "knowledge.db")
    store.index(document("kept", "kept words in a section"))
    store.release_memory()
    baseline = store._pool.open_connections
    for round_ in range(30):
        store.index(document(f"more-{round_}", f"more words number {round_}"))
        store.search(words("words"), SearchScope(), 5)
        store.release_memory()
        store.release_memory()  # twice in a row: nothing left to close, nothing fails
        assert store._pool.open_connections == baseline
    assert len(store.sources()) == 31
    store.close()


def test_every_connection_keeps_the_small_page_cache(tmp_path: Path) -> None:
    """Each thread's connection holds its own cache: the first, one reopened after a release
    and another thread's all start at ``PAGE_CACHE_KIB``."""
    store = open_store(tmp_path / "knowledge.db")
    store.index(document("kept", "kept words in a section"))
    sizes = [_cache_kib(store._pool.connection())]
    store.release_memory()
    sizes.append(_cache_kib(store._pool.connection()))
    thread = threading.Thread(target=lambda: sizes.append(_cache_kib(store._pool.connection())))
    thread.start()
    thread.join()
    assert sizes == [PAGE_CACHE_KIB] * 3
    store.close()


def test_indexing_writes_with_the_larger_cache_and_gives_it_back(tmp_path: Path) -> None:
    store = open_store(tmp_path / "knowledge.db")
    connection = store._pool.connection()
    with write_cache(connection):
        assert _cache_kib(connection) == WRITE_CACHE_KIB
    assert _cache_kib(connection) == PAGE_CACHE_KIB
    store.index(document("kept", "kept words in a section"))
    assert _cache_kib(store._pool.connection()) == PAGE_CACHE_KIB
    store.close()


def test_a_document_that_fills_the_cache_with_its_own_pages_keeps_the_smaller_one(
    tmp_path: Path,
) -> None:
    store = open_store(tmp_path / "knowledge.db")
    connection = store._pool.connection()
    with write_cache(connection, OWN_PAGES_FROM_BYTES - 1):
        assert _cache_kib(connection) == WRITE_CACHE_KIB
    with write_cache(connection, OWN_PAGES_FROM_BYTES):
        assert _cache_kib(connection) == PAGE_CACHE_KIB
    assert _cache_kib(connection) == PAGE_CACHE_KIB
    store.close()


def test_a_streamed_document_as_big_writes_with_the_smaller_cache_too(tmp_path: Path) -> None:
    """A document cut in the worker is over ``OWN_PAGES_FROM_BYTES``: its batches are written
    with the connection's small cache, and its trigram terms in the larger buffer (ADR 0289)."""
    store = open_store(tmp_path / "knowledge.db")
    doc = document("big", "streamed words in a section")
    seen: list[int] = []

    def batches() -> Iterator[Sequence[Chunk]]:
        seen.append(_cache_kib(store._pool.connection()))  # the writer's own connection
        yield doc.chunks

    for size in (OWN_PAGES_FROM_BYTES - 1, OWN_PAGES_FROM_BYTES):
        head = DocumentHead(f"big-{size}", doc.kind, doc.content_type, f"{size}", size)
        store.index_streamed(head, batches(), lambda: [doc.vocabulary])

    assert seen == [WRITE_CACHE_KIB, PAGE_CACHE_KIB]
    assert _cache_kib(store._pool.connection()) == PAGE_CACHE_KIB
    store.close()


def test_dropping_cached_pages_keeps_the_connection_and_empties_its_cache(tmp_path: Path) -> None:
    store = open_store(tmp_path / "knowledge.db")
    for n in range(40):
        store.index(document(f"doc-{n}", f"cached words number {n} zeta{n}x " * 400))
    connection = store._pool.connection()
    found = [hit.label for hit in store.search(words("cached"), SearchScope(), 50)]
    filled = _sqlite_bytes()
    opened = store._pool.open_connections

    store.drop_cached_pages()

    assert _sqlite_bytes() < filled - 256 * 1024
    assert store._pool.connection() is connection
    assert store._pool.open_connections == opened
    assert _cache_kib(connection) == PAGE_CACHE_KIB  # the bound stays; only the pages went
    assert [hit.label for hit in store.search(words("cached"), SearchScope(), 50)] == found
    store.close()


def test_dropping_cached_pages_opens_no_connection_for_a_thread_without_one(
    tmp_path: Path,
) -> None:
    store = open_store(tmp_path / "knowledge.db")
    store.index(document("kept", "kept words in a section"))
    opened = store._pool.open_connections
    thread = threading.Thread(target=store.drop_cached_pages)
    thread.start()
    thread.join()
    store.release_memory()
    store.drop_cached_pages()  # released: nothing open on this thread, none opened
    assert store._pool.open_connections == opened - 1
    store.close()


def _sqlite_bytes() -> int:
    """What SQLite holds in this process (``sqlite3_memory_used``, read from the driver's
    own library): the tests run one store at a time per process."""
    library = ctypes.CDLL(_sqlite3.__file__)
    library.sqlite3_memory_used.restype = ctypes.c_int64
    return int(library.sqlite3_memory_used())


def _cache_kib(connection: Connection) -> int:
    return -int(connection.execute("PRAGMA cache_size").fetchone()[0])
