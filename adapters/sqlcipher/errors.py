"""Recognising SQLite failures by their result code (sqlcipher3 exposes ``sqlite_errorcode``)."""

from __future__ import annotations

import sqlcipher3

SQLITE_BUSY = 5
SQLITE_LOCKED = 6
SQLITE_CORRUPT = 11
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
