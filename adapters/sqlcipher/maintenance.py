"""Stats, checkpoints, VACUUM, FTS merges and vocabulary pruning."""

from __future__ import annotations

from collections.abc import Collection
from typing import TYPE_CHECKING

from adapters.sqlcipher.connection import Connection
from adapters.sqlcipher.errors import OperationalError
from adapters.sqlcipher.transactions import write_transaction
from domain.errors import StoreError
from domain.source_kind import SourceKind

if TYPE_CHECKING:  # the vault's store checkpoints here too; the knowledge port is not its
    from application.ports.knowledge_store import StoreStats

FTS_TABLES = ("chunks", "chunks_trigram")
VOCABULARY_TABLES = ("vocabulary", "vocabulary_recent")


def unmatched_words(table: str, *, only_these: bool = False) -> str:
    """Deletes the table's words no chunk holds (``only_these``: of the words in the JSON list
    bound to it). Correlated MATCH: each word is looked up in the porter layer."""
    among = "word IN (SELECT value FROM json_each(?)) AND " if only_these else ""
    return f"""DELETE FROM {table} WHERE {among}NOT EXISTS (
    SELECT 1 FROM chunks WHERE chunks MATCH '"' || replace({table}.word, '"', '""') || '"'
)"""


def pragma_int(connection: Connection, name: str) -> int:
    return int(connection.execute(f"PRAGMA {name}").fetchone()[0])


def stats(connection: Connection) -> StoreStats:
    from application.ports.knowledge_store import StoreStats

    by_kind = source_counts(connection)
    chunks = connection.execute("SELECT count(*) FROM chunk_owners").fetchone()[0]
    words = vocabulary_size(connection)
    size = pragma_int(connection, "page_count") * pragma_int(connection, "page_size")
    return StoreStats(
        sources_by_kind=by_kind, chunk_count=chunks, vocabulary_size=words, db_size_bytes=size
    )


def source_counts(
    connection: Connection, kinds: Collection[SourceKind] | None = None
) -> dict[SourceKind, int]:
    """Sources of each of ``kinds`` (every kind when ``None``), zero included; read from the
    index on ``kind`` alone."""
    sql = "SELECT kind, count(*) FROM sources"
    params: list[str] = []
    if kinds is not None:
        params = sorted(kind.value for kind in kinds)
        sql += f" WHERE kind IN ({', '.join('?' * len(params))})"
    counts = dict.fromkeys(SourceKind if kinds is None else kinds, 0)
    for kind, count in connection.execute(sql + " GROUP BY kind", params):
        counts[SourceKind(kind)] = int(count)
    return counts


def vocabulary_size(connection: Connection) -> int:
    """Words in the vocabulary, the recent ones included (no word is in both tables)."""
    return int(
        connection.execute(
            "SELECT (SELECT count(*) FROM vocabulary) + (SELECT count(*) FROM vocabulary_recent)"
        ).fetchone()[0]
    )


def free_page_ratio(connection: Connection) -> float:
    pages = pragma_int(connection, "page_count")
    return pragma_int(connection, "freelist_count") / pages if pages else 0.0


def fold_vocabulary(connection: Connection) -> None:
    """Move the recent words into the vocabulary, in one transaction (ADR 0122): the large
    table's pages are each written once for all of them, not once per document."""
    with write_transaction(connection):
        connection.execute(
            "INSERT OR IGNORE INTO vocabulary (word) SELECT word FROM vocabulary_recent"
        )
        connection.execute("DELETE FROM vocabulary_recent")


def merge_fts(connection: Connection, pages: int = 256) -> None:
    """A bounded step of FTS5 segment merging (about ``pages`` pages of work per table).

    A full ``optimize`` rewrites the whole index (seconds at 10k chunks), far too slow to run
    while an agent waits for ``index``; this keeps segment counts low in small steps.
    """
    with write_transaction(connection):
        for table in FTS_TABLES:
            connection.execute(f"INSERT INTO {table} ({table}, rank) VALUES ('merge', ?)", (pages,))


def merge_into_one(connection: Connection, table: str, pages: int) -> None:
    """Merges every segment of the full-text ``table`` into one, about ``pages`` pages per
    write transaction: what ``optimize`` leaves (deleted rows dropped, old segments freed),
    with the write lock let go between the steps."""
    while True:
        with write_transaction(connection):
            changes = connection.total_changes
            # a negative step merges segments of every level, not only full levels
            connection.execute(
                f"INSERT INTO {table} ({table}, rank) VALUES ('merge', ?)", (-pages,)
            )
            if connection.total_changes - changes < 2:  # FTS5's sign that nothing was left
                return


def optimize_fts(connection: Connection) -> None:
    """Merge each full-text index into one b-tree (faster queries, smaller file); at vacuum."""
    with write_transaction(connection):
        for table in FTS_TABLES:
            connection.execute(f"INSERT INTO {table} ({table}) VALUES ('optimize')")


def prune_vocabulary(connection: Connection) -> int:
    with write_transaction(connection):
        try:
            return int(connection.execute(unmatched_words("vocabulary")).rowcount)
        except OperationalError:
            return 0  # a word FTS5 cannot parse: keep everything rather than fail the vacuum


def vacuum(connection: Connection) -> None:
    fold_vocabulary(connection)
    prune_vocabulary(connection)
    optimize_fts(connection)
    connection.execute("VACUUM")
    checkpoint(connection)


def fold_log(connection: Connection) -> None:
    """A checkpoint that takes what it can: pages other connections still read stay."""
    connection.execute("PRAGMA wal_checkpoint(TRUNCATE)").fetchone()


def checkpoint(connection: Connection, command: str = "capy checkpoint") -> None:
    """Move the WAL into the database file and truncate it (so the file alone is complete);
    ``command`` is what the user runs again once the other writer is gone."""
    busy, _, _ = connection.execute("PRAGMA wal_checkpoint(TRUNCATE)").fetchone()
    if busy:
        raise StoreError(
            "the write-ahead log could not be flushed: another connection is using the database",
            f"let the other capy process finish (or stop it), then run `{command}` again",
        )
