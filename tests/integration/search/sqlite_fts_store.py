"""A minimal stdlib-sqlite3 FTS5 store for search tests: the real tokenizers and bm25.

Implements just the KnowledgeStore methods search uses, with the schema shape of the SQLCipher
store (porter and trigram FTS5 tables sharing row ids). Lets the search pipeline be tested and
tuned against real FTS5 ranking independently of the encrypted adapter.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Collection, Iterable, Sequence
from datetime import datetime
from types import SimpleNamespace

from adapters.sqlcipher.fts5_syntax import fts5_string, store_match
from domain.chunk import Chunk
from domain.search.query import has_word_char
from domain.search.store_query import StoreQuery
from domain.search.words import vocabulary_words
from domain.search_hit import LayerHit, SearchLayer, SearchScope
from domain.source_kind import SourceKind

_SCHEMA = """
CREATE TABLE sources(id INTEGER PRIMARY KEY, label TEXT UNIQUE, kind TEXT,
                     access_count INT DEFAULT 0, last_accessed_at TEXT);
CREATE VIRTUAL TABLE chunks USING fts5(title, content, source_id UNINDEXED, has_code UNINDEXED,
                                       tokenize='porter unicode61');
CREATE VIRTUAL TABLE chunks_trigram USING fts5(title, content, tokenize='trigram');
CREATE VIRTUAL TABLE chunks_vocab USING fts5vocab(chunks, row);
CREATE TABLE vocabulary(word TEXT PRIMARY KEY) WITHOUT ROWID;
"""
_TABLES = {SearchLayer.WORDS: "chunks", SearchLayer.SUBSTRINGS: "chunks_trigram"}


class SqliteFtsStore:
    def __init__(self, title_weight: float = 2.0) -> None:
        self.db = sqlite3.connect(":memory:")
        self.db.executescript(_SCHEMA)
        self.title_weight = title_weight
        self.searches: list[tuple[SearchLayer, str, int | None]] = []
        self.accessed: list[set[int]] = []

    def add(
        self, label: str, chunks: Sequence[Chunk], kind: SourceKind = SourceKind.DURABLE
    ) -> int:
        cur = self.db.execute("INSERT INTO sources(label, kind) VALUES (?, ?)", (label, kind.value))
        source_id = int(cur.lastrowid or 0)
        for chunk in chunks:
            row = self.db.execute(
                "INSERT INTO chunks(title, content, source_id, has_code) VALUES (?, ?, ?, ?)",
                (chunk.title, chunk.content, source_id, int(chunk.has_code)),
            ).lastrowid
            self.db.execute(
                "INSERT INTO chunks_trigram(rowid, title, content) VALUES (?, ?, ?)",
                (row, chunk.title, chunk.content),
            )
            words = vocabulary_words(chunk.title + "\n" + chunk.content)
            self.db.executemany(
                "INSERT OR IGNORE INTO vocabulary(word) VALUES (?)", [(w,) for w in words]
            )
        return source_id

    def search(
        self,
        query: StoreQuery,
        scope: SearchScope,
        limit: int,
        within: Sequence[int] | None = None,
    ) -> list[LayerHit]:
        layer, match = query.layer, store_match(query)
        self.searches.append((layer, match, None if within is None else len(within)))
        table = _TABLES[layer]
        t = table
        join = "" if layer is SearchLayer.WORDS else f" JOIN chunks p ON p.rowid = {t}.rowid"
        row = t if layer is SearchLayer.WORDS else "p"
        sql = [
            f"SELECT {t}.rowid, s.id, s.label, s.kind, {row}.title, {row}.content, {row}.has_code,"
            f" bm25({t}, ?, 1.0)"
            f" FROM {t}{join} JOIN sources s ON s.id = {row}.source_id"
            f" WHERE {t} MATCH ?"
        ]
        params: list[object] = [self.title_weight, match]
        if within is not None:
            sql.append(f" AND {t}.rowid IN ({','.join('?' * len(within))})")
            params.extend(within)
        kinds = scope.effective_kinds()
        if kinds is not None:
            sql.append(f" AND s.kind IN ({','.join('?' * len(kinds))})")
            params.extend(k.value for k in kinds)
        if scope.source:
            sql.append(" AND s.label = ?" if scope.exact_source else " AND s.label LIKE ?")
            params.append(scope.source if scope.exact_source else f"%{scope.source}%")
        sql.append(f" ORDER BY bm25({t}, ?, 1.0) LIMIT ?")
        params.extend([self.title_weight, limit])
        rows = self.db.execute("".join(sql), params).fetchall()
        return [
            LayerHit(
                chunk_id=r[0],
                source_id=r[1],
                label=r[2],
                kind=SourceKind(r[3]),
                title=r[4],
                content=r[5],
                has_code=bool(r[6]),
                relevance=-r[7],
            )
            for r in rows
        ]

    def vocabulary_between(self, min_length: int, max_length: int) -> list[str]:
        rows = self.db.execute(
            "SELECT word FROM vocabulary WHERE length(word) BETWEEN ? AND ?",
            (min_length, max_length),
        )
        return [r[0] for r in rows]

    def has_word(self, word: str) -> bool:
        row = self.db.execute("SELECT 1 FROM vocabulary WHERE word = ?", (word,)).fetchone()
        return row is not None

    def chunk_frequencies(self, words: Sequence[str]) -> tuple[int, tuple[int, ...]]:
        total = self.db.execute("SELECT count(*) FROM chunks").fetchone()[0]
        found = [
            self.db.execute(
                "SELECT count(*) FROM chunks WHERE chunks MATCH ?", (fts5_string(word),)
            ).fetchone()[0]
            if has_word_char(word)
            else 0
            for word in words
        ]
        return total, tuple(found)

    def record_access(self, source_ids: Iterable[int], at: datetime) -> None:
        self.accessed.append(set(source_ids))

    def sources(self, kinds: Collection[SourceKind] | None = None) -> list[SimpleNamespace]:
        """Each source's id and label (all the search reads of a source)."""
        rows = self.db.execute("SELECT id, label, kind FROM sources").fetchall()
        return [
            SimpleNamespace(id=r[0], label=r[1])
            for r in rows
            if kinds is None or SourceKind(r[2]) in kinds
        ]

    def source_counts(self, kinds: Collection[SourceKind] | None = None) -> dict[SourceKind, int]:
        counts = dict.fromkeys(SourceKind if kinds is None else kinds, 0)
        for kind, count in self.db.execute("SELECT kind, count(*) FROM sources GROUP BY kind"):
            if SourceKind(kind) in counts:
                counts[SourceKind(kind)] = count
        return counts

    def source_labels(self) -> list[str]:
        return [r[0] for r in self.db.execute("SELECT label FROM sources")]
