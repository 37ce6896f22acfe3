"""Everything that changes the vault: archiving a batch of sessions, deleting one."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from adapters.sqlcipher.connection import Connection
from adapters.sqlcipher.transactions import write_transaction
from adapters.sqlcipher.vault.rows import time_text
from domain.vault.blob import BlobEncoding
from domain.vault.session import ArchivedSession, VaultMessage

MIN_READER_VERSION = "min_reader_version"

_UPSERT_SESSION = """INSERT INTO vault_sessions (
    uuid, title, start_time, end_time, message_count, size_bytes, content_hash, machine_id,
    claude_project_dir, project_path, git_branch, archived_at, updated_at, index_version,
    stored_bytes, file_count, encoding, raw_jsonl)
VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
ON CONFLICT (uuid) DO UPDATE SET
    title = excluded.title, start_time = excluded.start_time, end_time = excluded.end_time,
    message_count = excluded.message_count, size_bytes = excluded.size_bytes,
    content_hash = excluded.content_hash, machine_id = excluded.machine_id,
    claude_project_dir = excluded.claude_project_dir, project_path = excluded.project_path,
    git_branch = excluded.git_branch, updated_at = excluded.updated_at,
    index_version = excluded.index_version, stored_bytes = excluded.stored_bytes,
    file_count = excluded.file_count, encoding = excluded.encoding,
    raw_jsonl = excluded.raw_jsonl"""
_INSERT_FILE = (
    "INSERT INTO vault_files (session_uuid, relative_path, encoding, raw_content) "
    "VALUES (?, ?, ?, ?)"
)
_INSERT_MESSAGE = """INSERT INTO vault_messages
    (session_uuid, subagent_id, turn_index, message_index, line_index, role, content_text)
    VALUES (?, ?, ?, ?, ?, ?, ?)"""


def save(connection: Connection, batch: Sequence[ArchivedSession], now: datetime) -> None:
    """Archive every session of the batch in one transaction (all of them or none)."""
    if not batch:
        return
    stamp = time_text(now)
    with write_transaction(connection):
        needs = max(_save_one(connection, archived, stamp) for archived in batch)
        if needs > 1:
            raise_reader_version(connection, needs)


def _save_one(connection: Connection, archived: ArchivedSession, stamp: str | None) -> int:
    session = archived.session
    uuid = session.uuid
    connection.execute("DELETE FROM vault_files WHERE session_uuid = ?", (uuid,))
    connection.execute("DELETE FROM vault_messages WHERE session_uuid = ?", (uuid,))
    stored = len(archived.main.data) + sum(len(f.blob.data) for f in archived.files)
    connection.execute(
        _UPSERT_SESSION,
        (
            uuid,
            session.title or None,
            time_text(session.start_time),
            time_text(session.end_time),
            session.message_count,
            session.size_bytes,
            session.content_hash,
            session.machine_id,
            session.claude_project_dir,
            session.project_path,
            session.git_branch or None,
            time_text(session.archived_at) or stamp,
            stamp,
            session.index_version,
            stored,
            len(archived.files),
            archived.main.encoding.value,
            archived.main.data,
        ),
    )
    connection.executemany(
        _INSERT_FILE,
        [(uuid, f.relative_path, f.blob.encoding.value, f.blob.data) for f in archived.files],
    )
    insert_messages(connection, uuid, archived.messages)
    encodings = {archived.main.encoding, *(f.blob.encoding for f in archived.files)}
    return max(encoding.reader_version for encoding in encodings | {BlobEncoding.RAW})


def insert_messages(connection: Connection, uuid: str, messages: Sequence[VaultMessage]) -> None:
    connection.executemany(
        _INSERT_MESSAGE,
        [
            (
                uuid,
                m.subagent_id,
                m.turn_index,
                m.message_index,
                m.line_index,
                m.role.value,
                m.text,
            )
            for m in messages
        ],
    )


def raise_reader_version(connection: Connection, needs: int) -> None:
    """Stamp the vault for the oldest reader that can read what was just written."""
    connection.execute(
        "INSERT INTO vault_meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET "
        "value = CAST(max(CAST(value AS INTEGER), CAST(excluded.value AS INTEGER)) AS TEXT)",
        (MIN_READER_VERSION, str(needs)),
    )


def delete(connection: Connection, uuid: str) -> bool:
    """Removes the session; its files and search rows go with it (cascade and trigger)."""
    with write_transaction(connection):
        cursor = connection.execute("DELETE FROM vault_sessions WHERE uuid = ?", (uuid,))
        return cursor.rowcount > 0


def min_reader_version(connection: Connection) -> int:
    row = connection.execute(
        "SELECT value FROM vault_meta WHERE key = ?", (MIN_READER_VERSION,)
    ).fetchone()
    try:
        return int(row[0]) if row else 1
    except ValueError:
        return 1_000_000  # unreadable marker: something newer wrote it
