"""Re-encrypting a database file with ``sqlcipher_export`` into a verified copy (ADR 0012).

The database is exported — ``sqlcipher_export`` re-creates its schema and copies its rows —
into a fresh file under the new key; never ``PRAGMA rekey``, which SQLCipher cannot apply to a
database in WAL mode. While the copy is made the original is
held in exclusive locking mode: taking that hold fails when any other connection has the file
open (the MCP server, a sweep, another command), and nobody can open it meanwhile. The copy is
verified — every page's HMAC under the new key, every table's row count — before it replaces the
original, which is kept as ``<db>.bak`` (ADR 0046). The swap is journalled so that an
interrupted one is finished or undone by the next command (ADR 0066, ``rotation_journal``).
"""

from __future__ import annotations

import shlex
from datetime import UTC, datetime
from pathlib import Path

import sqlcipher3

from adapters import durable_files
from adapters.sqlcipher import database_file, rotation_journal
from adapters.sqlcipher.connection import Connection
from adapters.sqlcipher.database_file import FileState
from adapters.sqlcipher.errors import DatabaseError, OperationalError, is_busy, is_unreadable
from adapters.sqlcipher.key_material import for_file, passphrase_pragma
from adapters.sqlcipher.log_frames import foreign_frames
from adapters.sqlcipher.profile import KNOWLEDGE, DatabaseProfile
from application.ports.database_encryptor import (
    DatabaseEncryptor,
    DatabaseState,
    Reencryption,
    StageKey,
    StoreKey,
)
from domain.errors import PlaintextDatabase, StoreError, WrongKey

_STATES = {
    FileState.MISSING: DatabaseState.MISSING,
    FileState.EMPTY: DatabaseState.MISSING,
    FileState.PLAINTEXT: DatabaseState.PLAINTEXT,
    FileState.ENCRYPTED: DatabaseState.ENCRYPTED,
    FileState.GARBAGE: DatabaseState.UNREADABLE,
}


_HOLD_WAIT_MS = 1000


class SqlcipherDatabaseEncryptor(DatabaseEncryptor):
    """``profile`` names the database in messages (the knowledge database, the vault)."""

    def __init__(self, profile: DatabaseProfile = KNOWLEDGE) -> None:
        self._profile = profile

    def state(self, path: Path) -> DatabaseState:
        return _STATES[database_file.inspect(path)]

    def encrypt(self, path: Path, key: str) -> Reencryption:
        if self.state(path) is not DatabaseState.PLAINTEXT:
            raise StoreError(f"{path} is not an unencrypted database", "nothing to encrypt")
        return self._rewrite(path, None, key)

    def rekey(
        self, path: Path, old_key: str, new_key: str, stage_key: StageKey, store_key: StoreKey
    ) -> Reencryption:
        self._check_encrypted(path)
        return self._rewrite(path, old_key, new_key, keys=(stage_key, store_key))

    def rewrite(self, path: Path, key: str) -> Reencryption:
        self._check_encrypted(path)
        return self._rewrite(path, key, key)

    def _check_encrypted(self, path: Path) -> None:
        if self.state(path) is DatabaseState.PLAINTEXT:
            raise PlaintextDatabase(f"{path} is not encrypted yet", "run `capy encrypt` first")
        if self.state(path) is not DatabaseState.ENCRYPTED:
            raise StoreError(f"{path} is not an encrypted database", "check the path")

    def restore(self, done: Reencryption) -> None:
        done.backup.replace(done.path)
        durable_files.sync_directory(done.path.parent)

    def discard(self, done: Reencryption) -> None:
        done.backup.unlink(missing_ok=True)

    def _rewrite(
        self,
        path: Path,
        old_key: str | None,
        new_key: str,
        *,
        keys: tuple[StageKey, StoreKey] | None = None,
    ) -> Reencryption:
        """The swap protocol of ADR 0066: journal, verified copy, point of no return, swap by
        link and rename (the database exists at every instant), keys stored, journal removed."""
        copy = rotation_journal.copy_path(path)
        backup = _backup_name(path)
        with rotation_journal.journal(path, backup, new_key=keys is not None) as journal:
            if keys is not None:
                keys[0]()
            _remove(copy)
            try:
                rows = self._export(path, old_key, copy, new_key)
                if not _pages_verify(copy, new_key) or self._row_counts(copy, new_key) != rows:
                    raise StoreError(
                        f"the re-encrypted copy of {path} does not hold the same data",
                        "the original is untouched; check the free disk space and try again",
                    )
                copy.chmod(0o600)
                journal.advance()
            except BaseException:
                _remove(copy)
                raise
            rotation_journal.finish_swap(path, backup)
            done = Reencryption(path=path, backup=backup, rows_verified=sum(rows.values()))
            if keys is not None:
                try:
                    keys[1](backup)
                except BaseException:
                    self.restore(done)
                    raise
        return done

    def _open(self, path: Path, key: str | None) -> Connection:
        connection = sqlcipher3.connect(str(path), isolation_level=None)
        connection.execute("PRAGMA cipher_log_level = NONE")
        if key is not None:
            connection.execute(passphrase_pragma(key))
        try:
            connection.execute("SELECT count(*) FROM sqlite_master").fetchone()
        except DatabaseError as error:
            connection.close()
            if is_unreadable(error):
                raise WrongKey(
                    f"the key does not open the {self._profile.noun} {path}",
                    self._profile.wrong_key_hint,
                ) from None
            raise
        return connection  # type: ignore[no-any-return]

    def _export(self, path: Path, old_key: str | None, copy: Path, new_key: str) -> dict[str, int]:
        self._refuse_a_foreign_log(path, old_key)
        source = self._open(path, old_key)
        try:
            self._hold(source, path)
            source.execute("PRAGMA wal_checkpoint(TRUNCATE)").fetchone()
            rows = _counts(source)
            source.execute("ATTACH DATABASE ? AS reencrypted KEY ?", (str(copy), new_key))
            source.execute("SELECT sqlcipher_export('reencrypted')").fetchone()
            source.execute("DETACH DATABASE reencrypted")
        finally:
            source.close()
        wal = path.with_name(path.name + "-wal")
        if wal.exists() and wal.stat().st_size:
            raise self._in_use(path)
        for sidecar in database_file.SIDECARS:
            _remove(path.with_name(path.name + sidecar))
        return rows

    def _refuse_a_foreign_log(self, path: Path, key: str | None) -> None:
        """The copy folds the log in first: a log written for another file would destroy the
        data (ADR 0067). The next ordinary open sets such a log aside by itself."""
        log = path.with_name(path.name + "-wal")
        if key is None or not log.exists() or not log.stat().st_size:
            return
        if foreign_frames(log, for_file(key, path)):
            raise StoreError(
                f"the write-ahead log {log} does not belong to the {self._profile.noun} {path}",
                "nothing was changed; move it aside and try again: "
                f"mv {shlex.quote(str(log))} {shlex.quote(str(log) + '.foreign')}",
            )

    def _hold(self, connection: Connection, path: Path) -> None:
        """Exclusive locking mode, kept until the connection closes: fails at once when any
        other connection has the file open, and keeps everyone out while the copy is made."""
        connection.execute(f"PRAGMA busy_timeout = {_HOLD_WAIT_MS}")
        connection.execute("PRAGMA locking_mode = EXCLUSIVE")
        try:
            connection.execute("BEGIN EXCLUSIVE")
            connection.execute("COMMIT")
        except OperationalError as error:
            if is_busy(error):
                raise self._in_use(path) from None
            raise

    def _in_use(self, path: Path) -> StoreError:
        return StoreError(
            f"the {self._profile.noun} {path} is in use by another process",
            "stop the capy MCP server and other capy commands using it, then try again; "
            "nothing was changed",
        )

    def _row_counts(self, path: Path, key: str) -> dict[str, int]:
        connection = self._open(path, key)
        try:
            return _counts(connection)
        finally:
            connection.close()


def _pages_verify(path: Path, key: str) -> bool:
    """Every page of the file decrypts and authenticates under ``key``."""
    connection = sqlcipher3.connect(str(path), isolation_level=None)
    try:
        connection.execute("PRAGMA cipher_log_level = NONE")
        connection.execute(passphrase_pragma(key))
        return not connection.execute("PRAGMA cipher_integrity_check").fetchall()
    except DatabaseError:
        return False
    finally:
        connection.close()


def _counts(connection: Connection) -> dict[str, int]:
    tables = [
        row[0]
        for row in connection.execute(
            "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' "
            "AND sql NOT LIKE 'CREATE VIRTUAL%' ORDER BY name"
        )
    ]
    return {
        name: connection.execute(f'SELECT count(*) FROM "{name}"').fetchone()[0] for name in tables
    }


def _backup_name(path: Path) -> Path:
    """``<db>.bak``, or a time-stamped name when an older backup holds it (never replaced)."""
    backup = path.with_name(f"{path.name}.bak")
    stamp = datetime.now(UTC).strftime("%Y%m%dT%H%M%S")
    suffix = 1
    while backup.exists() or backup.is_symlink():
        backup = path.with_name(f"{path.name}.bak.{stamp}" + (f".{suffix}" if suffix > 1 else ""))
        suffix += 1
    return backup


def _remove(path: Path) -> None:
    path.unlink(missing_ok=True)
