"""Recognising SQLite failures by their result code (sqlcipher3 exposes ``sqlite_errorcode``)."""

from __future__ import annotations

import sqlcipher3

SQLITE_BUSY = 5
SQLITE_LOCKED = 6
SQLITE_READONLY = 8
SQLITE_IOERR = 10
SQLITE_CORRUPT = 11
SQLITE_FULL = 13
SQLITE_CANTOPEN = 14
SQLITE_NOTADB = 26

DatabaseError = sqlcipher3.DatabaseError
OperationalError = sqlcipher3.OperationalError


def primary_code(error: BaseException) -> int | None:
    code = getattr(error, "sqlite_errorcode", None)
    return code & 0xFF if isinstance(code, int) else None


def is_busy(error: BaseException) -> bool:
    return primary_code(error) in (SQLITE_BUSY, SQLITE_LOCKED)


def is_unreadable(error: BaseException) -> bool:
    """The file cannot be decrypted or parsed: wrong key, or not a database at all."""
    return primary_code(error) in (SQLITE_NOTADB, SQLITE_CORRUPT)


def is_log_index_failure(error: BaseException) -> bool:
    """What a reader meets when it cannot build the write-ahead log's index in the ``-shm``
    file: the disk is full, or the file or its folder cannot be written."""
    return primary_code(error) in (SQLITE_IOERR, SQLITE_FULL, SQLITE_CANTOPEN, SQLITE_READONLY)
