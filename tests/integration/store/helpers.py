"""Opening real encrypted stores in temporary directories."""

from __future__ import annotations

import hashlib
from datetime import UTC, datetime
from pathlib import Path

import sqlcipher3

from adapters.sqlcipher.migrations import available
from adapters.sqlcipher.sqlcipher_knowledge_store import SqlcipherKnowledgeStore
from domain.chunk import Chunk
from domain.content_type import ContentType
from domain.source import SourceDocument
from domain.source_kind import SourceKind

KEY = "correct horse battery staple 'quoted' \"double\""
# One log window as a store made before migration 0009 holds it (title, text).
OLD_LOG = (("09:43:00–09:43:19: ERROR ×20", "ERROR DataIntegrityViolationException duplicate key"),)


def open_store(
    path: Path, key: str = KEY, warnings: list[str] | None = None
) -> SqlcipherKnowledgeStore:
    sink = warnings if warnings is not None else []
    return SqlcipherKnowledgeStore(path, key, on_warning=sink.append)


def document(label: str, text: str, kind: SourceKind = SourceKind.DURABLE) -> SourceDocument:
    return SourceDocument(
        label=label,
        kind=kind,
        content_type=ContentType.PLAINTEXT,
        content_hash=hashlib.sha256(text.encode()).hexdigest(),
        size_bytes=len(text.encode()),
        chunks=(Chunk(title="Output", content=text),),
        vocabulary=frozenset(text.lower().split()),
    )


def fingerprint(directory: Path) -> dict[str, str]:
    """Every file in the directory and the SHA-256 of its bytes."""
    return {
        entry.name: hashlib.sha256(entry.read_bytes()).hexdigest()
        for entry in sorted(directory.iterdir())
        if entry.is_file()
    }


def damage_first_page(path: Path) -> None:
    """What a crash or a bad disk does to a database: its first page overwritten with zeros,
    the rest of the encrypted pages still in place."""
    with path.open("r+b") as handle:
        handle.write(bytes(4096))


def raw_connection(path: Path, key: str = KEY) -> sqlcipher3.Connection:
    """The file opened with SQLCipher alone, as capy's key derivation opens it."""
    connection = sqlcipher3.connect(str(path))
    connection.execute("PRAGMA key = '" + key.replace("'", "''") + "'")
    return connection


def store_before(
    path: Path,
    migration: str,
    chunks: tuple[tuple[str, str], ...],
    *,
    key: str = KEY,
    vectors_bytes: int = 0,
) -> None:
    """A store as capy wrote it before ``migration``: every earlier migration applied, one
    source ``old.log`` whose chunks (title, text) are in both full-text tables, whole, and
    ``vectors_bytes`` of stored vectors (a large file that costs nothing to build)."""
    connection = raw_connection(path, key)
    connection.execute("CREATE TABLE migrations (name TEXT PRIMARY KEY, applied_at TEXT NOT NULL)")
    now = datetime.now(UTC).isoformat()
    for step in available():
        if step.name >= migration:
            break
        connection.executescript(step.sql)
        connection.execute("INSERT INTO migrations VALUES (?, ?)", (step.name, now))
    connection.execute(
        "INSERT INTO sources (label, content_hash, indexed_at, last_accessed_at) "
        "VALUES ('old.log', 'h', ?, ?)",
        (now, now),
    )
    for number, (title, text) in enumerate(chunks, start=1):
        connection.execute("INSERT INTO chunk_owners (id, source_id) VALUES (?, 1)", (number,))
        row = (number, title, text)
        connection.execute("INSERT INTO chunk_texts (id, title, content) VALUES (?, ?, ?)", row)
        connection.execute(
            "INSERT INTO chunks (rowid, title, content, facts) VALUES (?, ?, ?, '')", row
        )
        connection.execute(
            "INSERT INTO chunks_trigram (rowid, title, content) VALUES (?, ?, ?)", row
        )
    if vectors_bytes:
        connection.execute(
            "INSERT INTO chunk_vectors (model, text_hash, part, vector) "
            "VALUES ('none', 'none', 0, zeroblob(?))",
            (vectors_bytes,),
        )
    connection.commit()
    connection.close()
