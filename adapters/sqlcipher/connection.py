"""Opening one SQLCipher connection: quiet logging, the key, a canary read, then the pragmas."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING

import sqlcipher3

from adapters.sqlcipher.errors import DatabaseError, is_log_index_failure

if TYPE_CHECKING:  # sqlcipher3 ships no type hints; its API is the stdlib sqlite3 one
    from sqlite3 import Connection
else:
    Connection = sqlcipher3.Connection

__all__ = [
    "BUSY_TIMEOUT_MS",
    "OWN_PAGES_FROM_BYTES",
    "PAGE_CACHE_KIB",
    "WRITE_CACHE_KIB",
    "Connection",
    "connect",
    "write_cache",
]

BUSY_TIMEOUT_MS = 5000
# Each thread keeps its own connection and so its own page cache: the server's tool threads
# take turns with calls, and at SQLite's default (8 MB) two threads' searches over a
# 10 k-chunk base held 17 MB between them. At 2 MB a search reads a few dozen more pages
# (~10 µs each); the search's CPU stayed within the noise (ADR 0181).
PAGE_CACHE_KIB = 2048
# Indexing a document touches the full-text segments it merges into again and again: it keeps
# SQLite's default cache while it writes, and gives the pages back after (ADR 0181).
WRITE_CACHE_KIB = 8000
# A document this big, indexed in the server's own process, fills the larger cache with pages
# of its own (a 2 MiB output: ~6 MB more at its peak, over issue 24's 25 MB) and writes them
# as fast with the smaller one: it keeps ``PAGE_CACHE_KIB`` (ADR 0270). So does one cut in the
# worker, whose trigram terms take the room instead (ADR 0289).
OWN_PAGES_FROM_BYTES = 1024 * 1024


def connect(
    path: Path, key_pragma: str, *, wal: bool = True, read_only: bool = False
) -> Connection:
    """A keyed connection in autocommit mode; raises ``DatabaseError`` if the key does not fit.

    ``check_same_thread`` is off only so that ``close()`` can close every thread's connection;
    each connection is still used by the one thread that opened it. A ``read_only`` connection
    opens the file with ``mode=ro`` and refuses every write (``query_only``).
    """
    if read_only:
        try:
            return _keyed(_open_uri(path, "mode=ro"), key_pragma, wal=wal, read_only=True)
        except DatabaseError as error:
            if not is_log_index_failure(error):
                raise
            # A full disk (or a folder capy may not write) keeps a reader from building the
            # log's index in ``-shm``: read with the index in memory instead (ADR 0088).
            try:
                return _keyed(
                    _open_uri(path, "mode=ro&readonly_shm=1"), key_pragma, wal=wal, read_only=True
                )
            except DatabaseError:
                raise error from None
    connection = sqlcipher3.connect(str(path), isolation_level=None, check_same_thread=False)
    return _keyed(connection, key_pragma, wal=wal, read_only=False)


@contextmanager
def write_cache(connection: Connection, size_bytes: int = 0) -> Iterator[None]:
    """``WRITE_CACHE_KIB`` of page cache while indexing a document of ``size_bytes`` under
    ``OWN_PAGES_FROM_BYTES`` (a bigger one keeps ``PAGE_CACHE_KIB``); back to
    ``PAGE_CACHE_KIB`` after, which frees the pages beyond it at once."""
    if size_bytes >= OWN_PAGES_FROM_BYTES:
        yield
        return
    connection.execute(f"PRAGMA cache_size = -{WRITE_CACHE_KIB}")
    try:
        yield
    finally:
        connection.execute(f"PRAGMA cache_size = -{PAGE_CACHE_KIB}")


def _open_uri(path: Path, query: str) -> Connection:
    connection: Connection = sqlcipher3.connect(
        f"{path.resolve().as_uri()}?{query}",
        uri=True,
        isolation_level=None,
        check_same_thread=False,
    )
    return connection


def _keyed(connection: Connection, key_pragma: str, *, wal: bool, read_only: bool) -> Connection:
    try:
        # Before anything else: SQLCipher otherwise logs decryption failures to stderr.
        connection.execute("PRAGMA cipher_log_level = NONE")
        connection.execute(key_pragma)
        connection.execute("SELECT count(*) FROM sqlite_master").fetchone()
        connection.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
        if read_only:
            connection.execute("PRAGMA query_only = 1")
        elif wal:
            connection.execute("PRAGMA journal_mode = WAL")
        connection.execute("PRAGMA synchronous = NORMAL")
        connection.execute("PRAGMA foreign_keys = ON")
        connection.execute(f"PRAGMA cache_size = -{PAGE_CACHE_KIB}")
    except BaseException:
        connection.close()
        raise
    return connection  # type: ignore[no-any-return]
