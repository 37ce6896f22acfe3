"""Opening a database capy did not create — another machine's vault, the Go capy's files —
read-only, so nothing in it (its write-ahead log included) is ever changed.

Both capys encrypt with SQLCipher 4's defaults (the Go capy through SQLite3MultipleCiphers in
its SQLCipher-4 compatibility: AES-256-CBC, HMAC-SHA512, PBKDF2-HMAC-SHA512 with 256 000
iterations, 4 KiB pages), which is what a passphrase given to ``PRAGMA key`` means here.
"""

from __future__ import annotations

from pathlib import Path

import sqlcipher3

from adapters.sqlcipher import database_file
from adapters.sqlcipher.connection import Connection
from adapters.sqlcipher.database_file import FileState
from adapters.sqlcipher.errors import DatabaseError, is_unreadable
from adapters.sqlcipher.key_material import passphrase_pragma
from domain.errors import InvalidInput, StoreError, WrongKey


def open_read_only(path: Path, passphrase: str | None, noun: str, key_hint: str) -> Connection:
    """A read-only connection to ``path``: plaintext files need no key, encrypted ones open
    only with the right one (``WrongKey`` naming ``key_hint`` otherwise)."""
    if not path.exists():
        raise InvalidInput(f"there is no {noun} at {path}", "check the path")
    if not path.is_file():
        raise InvalidInput(f"{path} is not a file", f"give the path of the {noun} file itself")
    state = database_file.inspect(path)
    if state in (FileState.EMPTY, FileState.GARBAGE):
        raise InvalidInput(f"{path} is not a database", f"check that it is the {noun}")
    encrypted = state is FileState.ENCRYPTED
    if encrypted and not passphrase:
        raise WrongKey(f"the {noun} {path} is encrypted and no key was given", key_hint)
    key = passphrase if encrypted else None
    try:
        return _connect(path, "mode=ro", key)
    except DatabaseError as error:
        if not is_unreadable(error):
            raise StoreError(f"cannot read the {noun} {path}: {error}", "check the file") from None
        if _log_is_the_problem(path, key):
            raise StoreError(
                f"the {noun} {path} opens, but not with its write-ahead log {path}-wal",
                "fold the log into the file with the capy that wrote it (`capy checkpoint` or "
                "`capy vault checkpoint` there), then try again",
            ) from None
        if encrypted:
            raise WrongKey(f"the key does not open the {noun} {path}", key_hint) from None
        raise StoreError(f"{path} is damaged: {error}", f"check that it is the {noun}") from None


def _connect(path: Path, mode: str, passphrase: str | None) -> Connection:
    connection = sqlcipher3.connect(
        f"{path.resolve().as_uri()}?{mode}", uri=True, isolation_level=None
    )
    try:
        connection.execute("PRAGMA cipher_log_level = NONE")
        if passphrase:
            connection.execute(passphrase_pragma(passphrase))
        connection.execute("PRAGMA query_only = 1")
        connection.execute("SELECT count(*) FROM sqlite_master").fetchone()
    except BaseException:
        connection.close()
        raise
    return connection  # type: ignore[no-any-return]


def _log_is_the_problem(path: Path, passphrase: str | None) -> bool:
    """A non-empty log the file cannot be read with, while the file alone reads fine."""
    log = path.with_name(path.name + "-wal")
    if not log.exists() or not log.stat().st_size:
        return False
    try:
        _connect(path, "immutable=1", passphrase).close()
    except DatabaseError:
        return False
    return True


def columns(connection: Connection, table: str) -> set[str]:
    """The columns a table has (empty when there is no such table)."""
    return {row[1] for row in connection.execute(f"PRAGMA table_info({table})")}
