"""How many bytes of a document's terms a full-text table holds in memory before writing them.

FTS5 gathers the terms of the rows inserted in a transaction in memory and writes them out as
a new segment each time they pass its ``hashsize`` (1 MB by default); ``automerge`` then merges
the segments, eight at a time (ADR 0146), rewriting every term again at each level. A big
document (ADR 0149) sends a trigram table ~70 MB of index through 1 MB segments: most of its
insert cost was writing and merging them, not cutting the trigrams (ADR 0185).

``larger_term_buffer`` raises ``hashsize`` for one write transaction and puts the stored
setting back as it was before the transaction commits (the row is absent on every file capy
makes). What the tables hold is the same either way: only how their index is laid out in
segments differs, which no search reads.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import contextmanager

from adapters.sqlcipher.connection import Connection

# FTS5's own default (``FTS5_DEFAULT_HASHSIZE``), set while the row is put back.
DEFAULT_BYTES = 1024 * 1024


@contextmanager
def larger_term_buffer(
    connection: Connection, tables: Sequence[str], size_bytes: int
) -> Iterator[None]:
    """``tables`` hold up to ``size_bytes`` of pending terms each inside the block, which must
    run inside a write transaction: if it raises, the rollback restores the setting as well."""
    stored = {table: _stored(connection, table) for table in tables}
    for table in tables:
        _set(connection, table, size_bytes)
    yield
    for table, value in stored.items():
        # Through FTS5 (it writes what it holds first, and this connection's copy of the setting
        # follows), then the row as it was: absent, or its old value.
        _set(connection, table, DEFAULT_BYTES if value is None else value)
        if value is None:
            connection.execute(f"DELETE FROM {table}_config WHERE k = 'hashsize'")


def _stored(connection: Connection, table: str) -> int | None:
    row = connection.execute(f"SELECT v FROM {table}_config WHERE k = 'hashsize'").fetchone()
    return None if row is None else int(row[0])


def _set(connection: Connection, table: str, size_bytes: int) -> None:
    connection.execute(f"INSERT INTO {table} ({table}, rank) VALUES ('hashsize', ?)", (size_bytes,))
