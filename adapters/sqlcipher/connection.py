"""Opening one SQLCipher connection: quiet logging, the key, a canary read, then the pragmas."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import sqlcipher3

if TYPE_CHECKING:  # sqlcipher3 ships no type hints; its API is the stdlib sqlite3 one
    from sqlite3 import Connection
else:
    Connection = sqlcipher3.Connection

__all__ = ["BUSY_TIMEOUT_MS", "Connection", "connect"]

BUSY_TIMEOUT_MS = 5000


def connect(path: Path, key_pragma: str, *, wal: bool = True) -> Connection:
    """A keyed connection in autocommit mode; raises ``DatabaseError`` if the key does not fit.

    ``check_same_thread`` is off only so that ``close()`` can close every thread's connection;
    each connection is still used by the one thread that opened it.
    """
    connection = sqlcipher3.connect(str(path), isolation_level=None, check_same_thread=False)
    try:
        # Before anything else: SQLCipher otherwise logs decryption failures to stderr.
        connection.execute("PRAGMA cipher_log_level = NONE")
        connection.execute(key_pragma)
        connection.execute("SELECT count(*) FROM sqlite_master").fetchone()
        connection.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
        if wal:
            connection.execute("PRAGMA journal_mode = WAL")
        connection.execute("PRAGMA synchronous = NORMAL")
        connection.execute("PRAGMA foreign_keys = ON")
    except BaseException:
        connection.close()
        raise
    return connection  # type: ignore[no-any-return]
