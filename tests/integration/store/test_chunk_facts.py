"""Chunks carry the words their codes stand for; the porter layer searches them."""

from __future__ import annotations

import hashlib
from datetime import UTC, datetime
from pathlib import Path

import sqlcipher3

from adapters.sqlcipher.migrations import available
from domain.chunk import Chunk
from domain.content_type import ContentType
from domain.search.store_query import Combine
from domain.search_hit import SearchScope
from domain.source import SourceDocument
from domain.source_kind import SourceKind
from tests.integration.store.helpers import KEY, open_store
from tests.unit.store.queries import substrings, words

LOG_LINE = '10.0.0.1 - - [03/Dec/2026:09:43:51 +0000] "GET /api/export HTTP/1.1" 500 27 "-" "curl"'


def _with_facts(label: str, facts: str) -> SourceDocument:
    return SourceDocument(
        label=label,
        kind=SourceKind.DURABLE,
        content_type=ContentType.PLAINTEXT,
        content_hash=hashlib.sha256(label.encode()).hexdigest(),
        size_bytes=len(LOG_LINE),
        chunks=(Chunk(title="access log", content=LOG_LINE, facts=facts),),
    )


def test_facts_are_searched_and_returned_but_not_the_text(tmp_path: Path) -> None:
    store = open_store(tmp_path / "knowledge.db")
    store.index(_with_facts("access", "server error internal request response"))
    hits = store.search(words("server", "error"), SearchScope(), 5)
    assert [h.facts for h in hits] == ["server error internal request response"]
    assert hits[0].content == LOG_LINE
    assert store.chunks_of(hits[0].source_id)[0].chunk.facts.startswith("server error")
    assert not store.search(substrings("server error"), SearchScope(), 5)
    store.close()


def test_a_store_made_before_facts_is_migrated_and_keeps_working(tmp_path: Path) -> None:
    path = tmp_path / "knowledge.db"
    connection = sqlcipher3.connect(str(path))
    connection.execute("PRAGMA key = '" + KEY.replace("'", "''") + "'")
    first = available()[0]
    connection.executescript(first.sql)
    connection.execute("CREATE TABLE migrations (name TEXT PRIMARY KEY, applied_at TEXT NOT NULL)")
    now = datetime.now(UTC).isoformat()
    connection.execute("INSERT INTO migrations VALUES (?, ?)", (first.name, now))
    connection.execute(
        "INSERT INTO sources (label, content_hash, indexed_at, last_accessed_at) "
        "VALUES ('old', 'h', ?, ?)",
        (now, now),
    )
    connection.execute("INSERT INTO chunk_owners (id, source_id) VALUES (1, 1)")
    for table in ("chunk_texts", "chunks", "chunks_trigram"):
        key = "id" if table == "chunk_texts" else "rowid"
        connection.execute(
            f"INSERT INTO {table} ({key}, title, content) VALUES (1, 'Output', 'alpha bravo')"
        )
    connection.commit()
    connection.close()
    older = open_store(path)  # migrates: the porter table is rebuilt from the stored texts
    assert older.search(words("bravo"), SearchScope(), 5)
    older.index(_with_facts("new", "server error request response"))
    assert older.search(words("bravo"), SearchScope(), 5)
    assert older.search(words("response"), SearchScope(), 5)
    assert older.delete_sources(s.id for s in older.sources()) == 2
    assert not older.search(words("response", "bravo", combine=Combine.ANY), SearchScope(), 5)
    older.close()
