"""A streamed document's trigram terms are held in a larger buffer while it is written, and the
file's setting is as it was once it is stored or rolled back (ADR 0185)."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from pathlib import Path

import attrs
import pytest

from adapters.sqlcipher import writer
from adapters.sqlcipher.sqlcipher_knowledge_store import SqlcipherKnowledgeStore
from adapters.sqlcipher.term_buffer import larger_term_buffer
from domain.chunk import Chunk
from domain.search_hit import SearchScope
from domain.source import DocumentHead, SourceDocument
from tests.integration.store.helpers import document, open_store
from tests.unit.store.queries import substrings

_TABLES = ("chunks", "chunks_trigram")


def _settings(store: SqlcipherKnowledgeStore) -> dict[str, int | None]:
    connection = store._pool.connection()
    found: dict[str, int | None] = {}
    for table in _TABLES:
        row = connection.execute(f"SELECT v FROM {table}_config WHERE k = 'hashsize'").fetchone()
        found[table] = row[0] if row else None
    return found


def _head(doc: SourceDocument) -> DocumentHead:
    return DocumentHead(doc.label, doc.kind, doc.content_type, doc.content_hash, doc.size_bytes)


def _log(label: str, lines: int) -> SourceDocument:
    """A log in windows of 20 lines, each its own chunk."""
    rows = [f"09:00:{i % 60:02d} INFO req={i * 7919:08x} took {i % 97} ms" for i in range(lines)]
    whole = document(label, "\n".join(rows))
    windows = tuple(
        Chunk(title=f"lines {start}", content="\n".join(rows[start : start + 20]))
        for start in range(0, lines, 20)
    )
    return attrs.evolve(whole, chunks=windows)


def test_the_buffer_is_larger_only_while_a_document_streams(tmp_path: Path) -> None:
    store = open_store(tmp_path / "knowledge.db")
    doc = _log("log", 50)
    seen: list[dict[str, int | None]] = []

    def batches() -> Iterator[Sequence[Chunk]]:
        seen.append(_settings(store))  # the writer's own connection: this thread's
        yield doc.chunks

    store.index_streamed(_head(doc), batches(), lambda: [doc.vocabulary])

    assert seen == [{"chunks": None, "chunks_trigram": writer.STREAMED_TERM_BYTES}]
    assert _settings(store) == {"chunks": None, "chunks_trigram": None}
    store.close()


def test_a_failing_stream_leaves_the_setting_as_it_was(tmp_path: Path) -> None:
    store = open_store(tmp_path / "knowledge.db")
    doc = _log("log", 50)

    def failing() -> Iterator[Sequence[Chunk]]:
        yield doc.chunks
        raise RuntimeError("the worker stopped")

    with pytest.raises(RuntimeError):
        store.index_streamed(_head(doc), failing(), lambda: [doc.vocabulary])

    assert _settings(store) == {"chunks": None, "chunks_trigram": None}
    assert store.sources() == []
    store.close()


def test_a_value_the_file_held_is_put_back(tmp_path: Path) -> None:
    store = open_store(tmp_path / "knowledge.db")
    connection = store._pool.connection()
    connection.execute(
        "INSERT INTO chunks_trigram (chunks_trigram, rank) VALUES ('hashsize', ?)", (2_000_000,)
    )
    doc = _log("log", 50)

    store.index_streamed(_head(doc), iter([doc.chunks]), lambda: [doc.vocabulary])

    assert _settings(store) == {"chunks": None, "chunks_trigram": 2_000_000}
    store.close()


def _instances(store: SqlcipherKnowledgeStore) -> list[tuple[object, ...]]:
    connection = store._pool.connection()
    connection.execute(
        "CREATE VIRTUAL TABLE IF NOT EXISTS temp.tri USING fts5vocab(main, chunks_trigram, 'instance')"
    )
    return connection.execute("SELECT term, doc, col, offset FROM temp.tri").fetchall()


def test_the_index_holds_the_same_terms_whatever_the_buffer(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Segments written every few kilobytes, or once at the commit: the same terms, the same
    places, the same answers."""
    doc = _log("log", 3000)
    found = []
    counts = []
    for name, size in (("small", 16 * 1024), ("large", 64 * 1024 * 1024)):
        monkeypatch.setattr(writer, "STREAMED_TERM_BYTES", size)
        store = open_store(tmp_path / f"{name}.db")
        store.index_streamed(
            _head(doc),
            (doc.chunks[i : i + 1] for i in range(len(doc.chunks))),
            lambda: [doc.vocabulary],
        )
        hits = store.search(substrings("1eef"), SearchScope(), 50)
        segments = store._pool.connection().execute("SELECT count(*) FROM chunks_trigram_data")
        found.append((_instances(store), [(h.chunk_id, h.relevance) for h in hits]))
        counts.append(segments.fetchone()[0])
        store.close()
    assert found[0] == found[1]
    assert found[0][0]
    assert found[0][1]
    assert counts[0] != counts[1]  # laid out in other segments


def test_the_setting_is_put_back_through_fts5(tmp_path: Path) -> None:
    """Inside one transaction, outside any document: the terms held are written when it is
    put back, and the row is gone before the commit."""
    store = open_store(tmp_path / "knowledge.db")
    store.index(document("a", "alpha bravo charlie"))
    connection = store._pool.connection()
    connection.execute("BEGIN IMMEDIATE")
    with larger_term_buffer(connection, ("chunks_trigram",), 4 * 1024 * 1024):
        connection.execute(
            "INSERT INTO chunks_trigram (rowid, title, content) VALUES (99, 't', 'xyzzy')"
        )
    connection.execute("COMMIT")
    assert _settings(store)["chunks_trigram"] is None
    assert connection.execute(
        "SELECT rowid FROM chunks_trigram WHERE chunks_trigram MATCH 'yzz'"
    ).fetchall() == [(99,)]
    store.close()
