"""Write transactions that take the write lock up front and retry politely when it is busy."""

from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import contextmanager

from adapters.sqlcipher.connection import Connection
from adapters.sqlcipher.errors import OperationalError, is_busy

_ATTEMPTS = 10
_FIRST_BACKOFF = 0.01


@contextmanager
def write_transaction(connection: Connection) -> Iterator[Connection]:
    """``BEGIN IMMEDIATE`` (waiting ``busy_timeout`` each try, then backing off 10 ms, 20 ms, …).

    Taking the lock eagerly means a transaction never fails half-way with "database is locked"
    when it upgrades from reading to writing; everything inside commits or rolls back together.
    """
    delay = _FIRST_BACKOFF
    for attempt in range(_ATTEMPTS):
        try:
            connection.execute("BEGIN IMMEDIATE")
            break
        except OperationalError as error:
            if not is_busy(error) or attempt == _ATTEMPTS - 1:
                raise
            time.sleep(delay)
            delay *= 2
    try:
        yield connection
    except BaseException:
        # SQLite rolls back by itself on some errors (a full disk, an I/O error): rolling back
        # again would raise "no transaction is active" in place of the error that says why.
        if connection.in_transaction:
            connection.execute("ROLLBACK")
        raise
    connection.execute("COMMIT")
