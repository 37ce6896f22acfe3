"""A damaged database file, or a write-ahead log that does not belong to it, explained.

SQLite reports both as "database disk image is malformed" or "file is not a database". capy
turns them into ``DamagedDatabase`` errors that name the files and give the commands that get the
user going again — restore ``<db>.bak`` when ``capy encrypt`` left one, move a foreign ``-wal``
aside, or move the damaged file aside so capy starts a new one — instead of an unexpected error.
Shared by every store on SQLCipher files.
"""

from __future__ import annotations

import functools
import shlex
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

import sqlcipher3

from adapters.sqlcipher.database_file import SIDECARS
from adapters.sqlcipher.errors import DatabaseError, is_unreadable
from domain.errors import DamagedDatabase

Method = TypeVar("Method", bound=Callable[..., Any])


def _moves(path: Path, suffix: str) -> str:
    moves = [f"mv {shlex.quote(str(path))} {shlex.quote(str(path) + suffix)}"]
    for sidecar in SIDECARS:
        extra = path.with_name(path.name + sidecar)
        if extra.exists():
            moves.append(f"mv {shlex.quote(str(extra))} {shlex.quote(str(extra) + suffix)}")
    return " && ".join(moves)


def damaged_database(path: Path, detail: str) -> DamagedDatabase:
    backup = path.with_name(path.name + ".bak")
    log = path.with_name(path.name + "-wal")
    ways = []
    if log.exists():
        ways.append(
            f"if the write-ahead log {log} was copied from elsewhere, move it aside first: "
            f"mv {shlex.quote(str(log))} {shlex.quote(str(log) + '.foreign')}"
        )
    if backup.exists():
        ways.append(
            f"restore the backup `capy encrypt` kept: {_moves(path, '.damaged')} && "
            f"cp {shlex.quote(str(backup))} {shlex.quote(str(path))}"
        )
    ways.append(
        f"or move the damaged file aside and let capy start a new, empty one: "
        f"{_moves(path, '.damaged')}"
    )
    return DamagedDatabase(f"the knowledge database {path} is damaged ({detail})", "; ".join(ways))


def opens_read_only(path: Path, key_pragma: str) -> bool:
    """Whether the database (with its ``-wal``) opens with this key, asked without writing."""
    return _opens(f"file:{path}?mode=ro", key_pragma)


def opens_without_log(path: Path, key_pragma: str) -> bool:
    """Whether the database file alone (its ``-wal`` ignored) opens with this key."""
    return _opens(f"file:{path}?immutable=1", key_pragma)


def _opens(uri: str, key_pragma: str) -> bool:
    try:
        connection = sqlcipher3.connect(uri, uri=True)
    except DatabaseError:
        return False
    try:
        connection.execute("PRAGMA cipher_log_level = NONE")
        connection.execute(key_pragma)
        connection.execute("SELECT count(*) FROM sqlite_master").fetchone()
    except DatabaseError:
        return False
    finally:
        connection.close()
    return True


def explained(method: Method) -> Method:
    """Turn "malformed"/"not a database" from a store method into ``DamagedDatabase``."""

    @functools.wraps(method)
    def wrapper(self: Any, *args: Any, **kwargs: Any) -> Any:
        try:
            return method(self, *args, **kwargs)
        except DatabaseError as error:
            if not is_unreadable(error):
                raise
            raise damaged_database(Path(self.path), str(error)) from error

    return wrapper  # type: ignore[return-value]
