"""Reading the vault: session lists, blobs, full-text search and the numbers of ``stats``."""

from __future__ import annotations

from collections.abc import Iterator

from adapters.sqlcipher.connection import Connection
from adapters.sqlcipher.errors import OperationalError
from adapters.sqlcipher.fts5_syntax import vault_match
from adapters.sqlcipher.vault.rows import SESSION_COLUMNS, parse_time, time_text, to_session
from domain.errors import InvalidInput, StoreError
from domain.vault.blob import BlobEncoding, EncodedBlob
from domain.vault.search import (
    SNIPPET_CLOSE,
    SNIPPET_ELLIPSIS,
    SNIPPET_OPEN,
    SNIPPET_TOKENS,
    ProjectTally,
    SessionFilter,
    VaultHit,
    VaultQuery,
)
from domain.vault.session import MessageRole, StoredDigest, StoredFile, VaultSession

_SESSIONS = f"SELECT {SESSION_COLUMNS} FROM vault_sessions"
_NEWEST_FIRST = " ORDER BY end_time IS NULL, end_time DESC, uuid"


def digests(connection: Connection) -> dict[str, StoredDigest]:
    rows = connection.execute(
        "SELECT uuid, content_hash, size_bytes, index_version FROM vault_sessions"
    )
    return {row[0]: StoredDigest(row[1], row[2], row[3]) for row in rows}


def count_sessions(connection: Connection, machine_id: str | None) -> int:
    if machine_id is None:
        return int(connection.execute("SELECT count(*) FROM vault_sessions").fetchone()[0])
    row = connection.execute(
        "SELECT count(*) FROM vault_sessions WHERE machine_id = ?", (machine_id,)
    ).fetchone()
    return int(row[0])


def sessions(connection: Connection, which: SessionFilter) -> list[VaultSession]:
    sql, params = _SESSIONS, []
    if which.project:
        sql += " WHERE instr(lower(project_path), lower(?)) > 0"
        params.append(which.project)
    sql += _NEWEST_FIRST
    if which.limit > 0:
        sql += f" LIMIT {int(which.limit)}"
    return [to_session(row) for row in connection.execute(sql, params)]


def find(connection: Connection, prefix: str, limit: int) -> list[VaultSession]:
    low = prefix.lower()
    # A range on the primary key instead of LIKE: uses the index, and '%'/'_' mean nothing.
    rows = connection.execute(
        f"{_SESSIONS} WHERE uuid >= ? AND uuid < ? ORDER BY uuid LIMIT {int(limit)}",
        (low, low + "\U0010ffff"),
    )
    return [to_session(row) for row in rows]


def main_blob(connection: Connection, uuid: str) -> EncodedBlob:
    row = connection.execute(
        "SELECT encoding, raw_jsonl FROM vault_sessions WHERE uuid = ?", (uuid,)
    ).fetchone()
    if row is None:
        raise StoreError(f"no session {uuid} in the vault", "run `capy vault list` to see them")
    return EncodedBlob(BlobEncoding.from_column(row[0]), bytes(row[1]))


def file_names(connection: Connection, uuid: str) -> list[str]:
    rows = connection.execute(
        "SELECT relative_path FROM vault_files WHERE session_uuid = ? ORDER BY relative_path",
        (uuid,),
    )
    return [row[0] for row in rows]


def files(connection: Connection, uuid: str) -> Iterator[StoredFile]:
    """One row at a time: a session's sidecars are never all in memory together."""
    for name in file_names(connection, uuid):
        row = connection.execute(
            "SELECT encoding, raw_content FROM vault_files "
            "WHERE session_uuid = ? AND relative_path = ?",
            (uuid, name),
        ).fetchone()
        if row is not None:
            yield StoredFile(name, EncodedBlob(BlobEncoding.from_column(row[0]), bytes(row[1])))


_SEARCH = f"""SELECT m.session_uuid, m.subagent_id, m.line_index, m.role, s.project_path,
    s.end_time, s.title,
    snippet(vault_fts, 0, '{SNIPPET_OPEN}', '{SNIPPET_CLOSE}', '{SNIPPET_ELLIPSIS}',
            {SNIPPET_TOKENS})
FROM vault_fts
JOIN vault_messages m ON m.id = vault_fts.rowid
JOIN vault_sessions s ON s.uuid = m.session_uuid
WHERE vault_fts MATCH ?"""


def search(connection: Connection, query: VaultQuery) -> list[VaultHit]:
    if query.match is None:
        return []
    sql, params = _SEARCH, [vault_match(query.match)]
    if query.project:
        sql += " AND instr(lower(s.project_path), lower(?)) > 0"
        params.append(query.project)
    if query.role is not None:
        sql += " AND m.role = ?"
        params.append(query.role.value)
    if query.after is not None:
        sql += " AND s.end_time >= ?"
        params.append(time_text(query.after) or "")
    if query.before is not None:
        sql += " AND s.end_time <= ?"
        params.append(time_text(query.before) or "")
    sql += f" ORDER BY rank LIMIT {max(int(query.limit), 0)}"
    try:
        rows = connection.execute(sql, params).fetchall()
    except OperationalError as error:
        raise InvalidInput(
            f"the search could not run: {error}",
            "search for the words as typed, without --raw",
        ) from None
    return [
        VaultHit(
            uuid=row[0],
            subagent_id=row[1],
            line_index=row[2],
            role=MessageRole(row[3]),
            project_path=row[4],
            end_time=parse_time(row[5]),
            title=row[6],
            snippet=row[7],
        )
        for row in rows
    ]


def totals(connection: Connection, index_version: int) -> tuple[int, int, int, str, str, int]:
    row = connection.execute(
        "SELECT count(*), coalesce(sum(size_bytes), 0), coalesce(sum(stored_bytes), 0), "
        "min(start_time), max(end_time), "
        "coalesce(sum(index_version < ?), 0) FROM vault_sessions",
        (index_version,),
    ).fetchone()
    return row[0], row[1], row[2], row[3], row[4], row[5]


def projects(connection: Connection) -> tuple[ProjectTally, ...]:
    rows = connection.execute(
        "SELECT project_path, count(*), sum(size_bytes), sum(stored_bytes) FROM vault_sessions "
        "GROUP BY project_path ORDER BY count(*) DESC, project_path"
    )
    return tuple(ProjectTally(row[0], row[1], row[2], row[3]) for row in rows)
