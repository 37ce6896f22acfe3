"""Keeping the vault current: search rows rebuilt, rows recompressed, the file held and shrunk."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import contextmanager

from adapters.sqlcipher.connection import BUSY_TIMEOUT_MS, Connection
from adapters.sqlcipher.errors import OperationalError, is_busy
from adapters.sqlcipher.transactions import write_transaction
from adapters.sqlcipher.vault.writer import insert_messages, raise_reader_version
from domain.errors import StoreError
from domain.vault.blob import BlobEncoding, EncodedBlob
from domain.vault.maintenance import BlobKey, ReindexedSession, StaleSession

_UNCOMPRESSED = "(encoding IS NULL OR encoding = 'raw')"
# How long taking the vault for oneself waits for a command that is just finishing.
_HOLD_WAIT_MS = 1000


def stale_sessions(connection: Connection, index_version: int) -> list[StaleSession]:
    rows = connection.execute(
        "SELECT uuid, content_hash, stored_bytes FROM vault_sessions "
        "WHERE index_version < ? ORDER BY uuid",
        (index_version,),
    )
    return [StaleSession(row[0], row[1], row[2]) for row in rows]


def replace_messages(connection: Connection, sessions: Sequence[ReindexedSession]) -> int:
    """Only the search rows and the version change; the row's other columns are untouched."""
    replaced = 0
    with write_transaction(connection):
        for session in sessions:
            row = connection.execute(
                "SELECT content_hash FROM vault_sessions WHERE uuid = ?", (session.uuid,)
            ).fetchone()
            if row is None or row[0] != session.content_hash:
                continue
            connection.execute("DELETE FROM vault_messages WHERE session_uuid = ?", (session.uuid,))
            insert_messages(connection, session.uuid, session.messages)
            connection.execute(
                "UPDATE vault_sessions SET index_version = ? WHERE uuid = ?",
                (session.index_version, session.uuid),
            )
            replaced += 1
    return replaced


def uncompressed(connection: Connection) -> list[BlobKey]:
    mains = connection.execute(
        f"SELECT uuid, length(raw_jsonl) FROM vault_sessions WHERE {_UNCOMPRESSED} ORDER BY uuid"
    )
    keys = [BlobKey(row[0], None, row[1]) for row in mains]
    sidecars = connection.execute(
        "SELECT session_uuid, relative_path, length(raw_content) FROM vault_files "
        f"WHERE {_UNCOMPRESSED} ORDER BY session_uuid, relative_path"
    )
    keys += [BlobKey(row[0], row[1], row[2]) for row in sidecars]
    return keys


def blob(connection: Connection, key: BlobKey) -> EncodedBlob:
    if key.relative_path is None:
        row = connection.execute(
            "SELECT encoding, raw_jsonl FROM vault_sessions WHERE uuid = ?", (key.uuid,)
        ).fetchone()
    else:
        row = connection.execute(
            "SELECT encoding, raw_content FROM vault_files "
            "WHERE session_uuid = ? AND relative_path = ?",
            (key.uuid, key.relative_path),
        ).fetchone()
    if row is None:
        raise StoreError(f"{key.name} is no longer in the vault", "run the command again")
    return EncodedBlob(BlobEncoding.from_column(row[0]), bytes(row[1]))


def replace_blobs(connection: Connection, blobs: Sequence[tuple[BlobKey, EncodedBlob]]) -> None:
    if not blobs:
        return
    with write_transaction(connection):
        for key, stored in blobs:
            if key.relative_path is None:
                cursor = connection.execute(
                    "UPDATE vault_sessions SET encoding = ?, raw_jsonl = ? WHERE uuid = ?",
                    (stored.encoding.value, stored.data, key.uuid),
                )
            else:
                cursor = connection.execute(
                    "UPDATE vault_files SET encoding = ?, raw_content = ? "
                    "WHERE session_uuid = ? AND relative_path = ?",
                    (stored.encoding.value, stored.data, key.uuid, key.relative_path),
                )
            if cursor.rowcount:
                connection.execute(
                    "UPDATE vault_sessions SET stored_bytes = stored_bytes + ? WHERE uuid = ?",
                    (len(stored.data) - key.stored_bytes, key.uuid),
                )
        needs = max(stored.encoding.reader_version for _, stored in blobs)
        if needs > 1:
            raise_reader_version(connection, needs)


@contextmanager
def exclusively(connection: Connection) -> Iterator[None]:
    """Exclusive locking mode: the lock taken here is kept until the block ends, so no other
    connection (another process's, or another of this one) can read or write meanwhile.
    Taking it fails when another connection has the vault open — an idle one included."""
    connection.execute(f"PRAGMA busy_timeout = {_HOLD_WAIT_MS}")
    connection.execute("PRAGMA locking_mode = EXCLUSIVE")
    try:
        try:
            connection.execute("BEGIN EXCLUSIVE")
            connection.execute("COMMIT")
        except OperationalError as error:
            if not is_busy(error):
                raise
            raise StoreError(
                "another process is using the vault (the MCP server's start-up sweep, a "
                "`capy vault` command or its terminal view)",
                "let it finish or stop it (stop the MCP server for a moment), then try again",
            ) from None
        connection.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
        yield
    finally:
        connection.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
        connection.execute("PRAGMA locking_mode = NORMAL")
        # The lock is given up at the next access in normal mode.
        connection.execute("SELECT count(*) FROM sqlite_master").fetchone()


def optimize_search_index(connection: Connection) -> None:
    """Merge the search index's segments into one b-tree (smaller, faster to search)."""
    with write_transaction(connection):
        connection.execute("INSERT INTO vault_fts (vault_fts) VALUES ('optimize')")


def free_bytes(connection: Connection) -> int:
    pages = connection.execute("PRAGMA freelist_count").fetchone()[0]
    size = connection.execute("PRAGMA page_size").fetchone()[0]
    return int(pages) * int(size)
