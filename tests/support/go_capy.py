"""Databases laid out and encrypted the way the Go capy writes them (tests build them here).

The Go capy opens its files through SQLite3MultipleCiphers with ``cipher=sqlcipher&legacy=4``:
SQLCipher 4's settings (AES-256-CBC, HMAC-SHA512, PBKDF2-HMAC-SHA512 with 256 000 iterations,
4 KiB pages). ``PRAGMA cipher_compatibility = 4`` asks SQLCipher itself for exactly those, so
these files are what the Go capy leaves on disk. Schemas: the vault's (reference §9.1) and the
knowledge base's (§3.2), with times as the Go capy writes them.
"""

from __future__ import annotations

import shutil
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from pathlib import Path

import attrs
import sqlcipher3

from domain.vault.digest import session_hash

GO_VAULT_SCHEMA = """
CREATE TABLE vault_sessions (uuid TEXT PRIMARY KEY, title TEXT, start_time DATETIME,
    end_time DATETIME, message_count INT NOT NULL DEFAULT 0, size_bytes INT NOT NULL DEFAULT 0,
    content_hash TEXT NOT NULL, machine_id TEXT NOT NULL, claude_project_dir TEXT NOT NULL,
    project_path TEXT NOT NULL, git_branch TEXT,
    archived_at DATETIME DEFAULT CURRENT_TIMESTAMP, raw_jsonl BLOB NOT NULL);
CREATE TABLE vault_files (session_uuid TEXT NOT NULL REFERENCES vault_sessions(uuid)
    ON DELETE CASCADE, relative_path TEXT NOT NULL, raw_content BLOB NOT NULL,
    PRIMARY KEY (session_uuid, relative_path));
CREATE VIRTUAL TABLE vault_fts USING fts5(content_text, session_uuid UNINDEXED,
    subagent_id UNINDEXED, turn_index UNINDEXED, message_index UNINDEXED,
    line_index UNINDEXED, role UNINDEXED, tokenize='porter unicode61');
CREATE TABLE vault_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE vault_migrations (name TEXT PRIMARY KEY, applied_at TEXT);
CREATE INDEX idx_sessions_end_time ON vault_sessions(end_time DESC);
"""

GO_KNOWLEDGE_SCHEMA = """
CREATE TABLE sources (id INTEGER PRIMARY KEY AUTOINCREMENT, label TEXT NOT NULL,
    content_type TEXT NOT NULL DEFAULT 'plaintext', chunk_count INT NOT NULL DEFAULT 0,
    code_chunk_count INT NOT NULL DEFAULT 0, indexed_at TEXT DEFAULT CURRENT_TIMESTAMP,
    last_accessed_at TEXT DEFAULT CURRENT_TIMESTAMP, access_count INT NOT NULL DEFAULT 0,
    content_hash TEXT,
    kind TEXT NOT NULL DEFAULT 'durable' CHECK (kind IN ('ephemeral','durable','session')));
CREATE VIRTUAL TABLE chunks USING fts5(title, content, source_id UNINDEXED,
    content_type UNINDEXED, tokenize='porter unicode61');
CREATE VIRTUAL TABLE chunks_trigram USING fts5(title, content, source_id UNINDEXED,
    content_type UNINDEXED, tokenize='trigram');
CREATE TABLE vocabulary (word TEXT PRIMARY KEY);
CREATE TABLE migrations (name TEXT PRIMARY KEY, applied_at TEXT DEFAULT CURRENT_TIMESTAMP);
INSERT INTO migrations (name) VALUES ('017_add_source_kind'), ('018_add_session_kind');
"""


def go_connect(path: Path, key: str) -> sqlcipher3.Connection:
    connection = sqlcipher3.connect(str(path), isolation_level=None)
    connection.execute("PRAGMA key = '" + key.replace("'", "''") + "'")
    connection.execute("PRAGMA cipher_compatibility = 4")
    connection.execute("PRAGMA journal_mode = WAL")
    return connection


@contextmanager
def copied_while_open(
    path: Path, key: str, schema: str, into: Path
) -> Iterator[sqlcipher3.Connection]:
    """A Go capy file being written: the block fills it; then the file and its write-ahead log
    are copied to ``into`` while the writer is still open (as a user copying a vault from a
    machine where capy runs), so the copy has a log that must be read with it."""
    connection = go_connect(path, key)
    connection.execute("PRAGMA wal_autocheckpoint = 0")
    connection.executescript(schema)
    try:
        yield connection
        shutil.copyfile(path, into)
        log = path.with_name(path.name + "-wal")
        if log.exists():
            shutil.copyfile(log, into.with_name(into.name + "-wal"))
    finally:
        connection.close()


@attrs.frozen
class GoSession:
    uuid: str
    main: bytes
    files: dict[str, bytes] = attrs.field(factory=dict)
    title: str | None = "a session from the Go capy"
    project: str = "/home/dev/notes_app"
    machine: str = "go-laptop"
    archived_at: str = "2026-02-03T04:05:06Z"
    start: str = "2026-02-01T09:00:00Z"
    end: str = "2026-02-01T10:30:00.5Z"
    branch: str | None = "main"
    messages: int = 4

    @property
    def content_hash(self) -> str:
        return session_hash({f"{self.uuid}.jsonl": self.main, **self.files})

    @property
    def size(self) -> int:
        return len(self.main) + sum(map(len, self.files.values()))


def write_go_sessions(connection: sqlcipher3.Connection, sessions: Iterable[GoSession]) -> None:
    for s in sessions:
        connection.execute(
            "INSERT INTO vault_sessions (uuid, title, start_time, end_time, message_count, "
            "size_bytes, content_hash, machine_id, claude_project_dir, project_path, git_branch, "
            "archived_at, raw_jsonl) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (
                s.uuid,
                s.title,
                s.start,
                s.end,
                s.messages,
                s.size,
                s.content_hash,
                s.machine,
                "".join(c if c.isalnum() else "-" for c in s.project),
                s.project,
                s.branch,
                s.archived_at,
                s.main,
            ),
        )
        for name, data in s.files.items():
            connection.execute(
                "INSERT INTO vault_files (session_uuid, relative_path, raw_content) "
                "VALUES (?, ?, ?)",
                (s.uuid, name, data),
            )
        # The Go capy's own search rows: a merge must never copy them.
        connection.execute(
            "INSERT INTO vault_fts (content_text, session_uuid, subagent_id, turn_index, "
            "message_index, line_index, role) VALUES ('go index row zanzibar', ?, '', 0, 0, 0, "
            "'user')",
            (s.uuid,),
        )


@attrs.frozen
class GoSource:
    label: str
    kind: str
    content_type: str
    chunks: tuple[tuple[str, str, str], ...]  # title, content, chunk content type (code|prose)
    indexed_at: str = "2026-01-15 08:30:00"
    access_count: int = 3


def write_go_sources(connection: sqlcipher3.Connection, sources: Iterable[GoSource]) -> None:
    for source in sources:
        cursor = connection.execute(
            "INSERT INTO sources (label, content_type, chunk_count, code_chunk_count, "
            "indexed_at, last_accessed_at, access_count, content_hash, kind) "
            "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (
                source.label,
                source.content_type,
                len(source.chunks),
                sum(1 for c in source.chunks if c[2] == "code"),
                source.indexed_at,
                source.indexed_at,
                source.access_count,
                "go-hash-" + source.label,
                source.kind,
            ),
        )
        for title, content, chunk_type in source.chunks:
            for table in ("chunks", "chunks_trigram"):
                connection.execute(
                    f"INSERT INTO {table} (title, content, source_id, content_type) "
                    "VALUES (?, ?, ?, ?)",
                    (title, content, cursor.lastrowid, chunk_type),
                )
        for word in {w.lower() for _, c, _ in source.chunks for w in c.split() if len(w) >= 3}:
            connection.execute("INSERT OR IGNORE INTO vocabulary (word) VALUES (?)", (word,))
