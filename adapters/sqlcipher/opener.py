"""Opening a capy database file: refuse plaintext, protect on a wrong key, heal garbage.

The knowledge database and the vault both open through here; a ``DatabaseProfile`` names the
schema and the words of the messages (ADR 0012).
"""

from __future__ import annotations

import glob
import os
import shlex
import tempfile
from collections.abc import Callable
from datetime import datetime
from pathlib import Path

import attrs

from adapters.sqlcipher import database_file
from adapters.sqlcipher.connection import Connection, connect
from adapters.sqlcipher.damage import opens_read_only, opens_without_log
from adapters.sqlcipher.database_file import FileState
from adapters.sqlcipher.errors import DatabaseError, is_unreadable
from adapters.sqlcipher.key_material import KeyMaterial, derive, for_file
from adapters.sqlcipher.log_frames import foreign_frames
from adapters.sqlcipher.migrations import applied, migrate
from adapters.sqlcipher.profile import KNOWLEDGE, DatabaseProfile
from domain.errors import PlaintextDatabase, StoreError, WrongKey

Warn = Callable[[str], None]


@attrs.frozen
class OpenedDatabase:
    connection: Connection
    material: KeyMaterial


def open_database(
    path: Path,
    passphrase: str,
    now: Callable[[], datetime],
    warn: Warn,
    profile: DatabaseProfile = KNOWLEDGE,
) -> OpenedDatabase:
    """The first connection of a process: classified, created if needed, migrated.

    A garbage file, or one that decrypts but turns out damaged while migrating, is moved aside
    (never deleted) and a fresh database is created in its place, once. A write-ahead log that
    keeps a sound file from opening (copied from another database, left behind by a replaced
    file) is moved aside the same way and the file opened without it (ADR 0029).
    """
    if not passphrase:
        raise StoreError("no database key was given", profile.missing_key_hint)
    try:
        database_file.ensure_private_directory(path.parent)
    except OSError as error:
        raise StoreError(
            f"cannot create the folder for the {profile.noun} {path}: {error.strerror}",
            profile.location_hint,
        ) from None
    healed = False  # a damaged file is set aside and replaced once, not over and over
    for _ in range(2):
        state = _inspect(path, profile)
        if state is FileState.PLAINTEXT:
            raise PlaintextDatabase(
                f"the {profile.noun} {path} is not encrypted", profile.plaintext_hint
            )
        if state in (FileState.GARBAGE, FileState.EMPTY):
            _set_aside(path, now(), warn, f"the {profile.noun} {path} is not a database")
            state = FileState.MISSING
        material = _create(path, passphrase, profile) if state is FileState.MISSING else None
        material = material or for_file(passphrase, path)
        if _log_is_foreign(path, material):
            _set_log_aside(path, now(), warn, profile)
        try:
            connection = connect(path, material.pragma)
        except DatabaseError as error:
            if not is_unreadable(error):
                raise StoreError(
                    f"cannot open {path}: {error}", "check the file and its folder"
                ) from error
            raise WrongKey(
                f"the key does not open the {profile.noun} {path}",
                f"{profile.wrong_key_hint}: "
                f"mv {shlex.quote(str(path))} {shlex.quote(str(path) + '.damaged')}"
                + rotation_note(path, profile),
            ) from None
        try:
            migrate(connection, profile.schema)
        except DatabaseError as error:
            connection.close()
            if healed or not is_unreadable(error):
                raise StoreError(
                    f"cannot prepare the {profile.noun} {path}: {error}",
                    profile.foreign_hint.format(path=shlex.quote(str(path))),
                ) from error
            _set_aside(path, now(), warn, f"the {profile.noun} {path} is damaged")
            healed = True
            continue
        database_file.restrict_permissions(path)
        return OpenedDatabase(connection, material)
    raise AssertionError("unreachable")


def rotation_note(path: Path, profile: DatabaseProfile) -> str:
    """When a key rotation kept the previous file beside this one, the wrong key is most likely
    the old one: say which file that key opens and how (ADR 0066)."""
    backups = sorted(path.parent.glob(glob.escape(path.name) + ".bak*"), key=_mtime)
    backups = [b for b in backups if b.is_file() and not b.name.endswith(("-wal", "-shm"))]
    if not backups:
        return ""
    latest = backups[-1]
    return (
        f". {latest} is the file as it was before its key was rotated: if "
        f"{profile.key_variable} is set, set it to the new key the rotation used; the previous "
        f"key still opens the previous file: "
        + profile.open_other.format(path=shlex.quote(str(latest)))
    )


def _mtime(path: Path) -> float:
    try:
        return path.stat().st_mtime
    except OSError:
        return 0.0


def _log_is_foreign(path: Path, material: KeyMaterial) -> bool:
    """A non-empty ``-wal`` with a frame written for another file (ADR 0067), or one that keeps
    a sound file from opening. Asked without writing: a writing connection would fold the
    foreign log into the file when it closes."""
    log = path.with_name(path.name + "-wal")
    if foreign_frames(log, material):
        return True
    try:
        if log.stat().st_size == 0:
            return False
    except OSError:
        return False
    return not opens_read_only(path, material.pragma) and opens_without_log(path, material.pragma)


def _set_log_aside(path: Path, at: datetime, warn: Warn, profile: DatabaseProfile) -> None:
    """Keep the foreign log's bytes under a name of its own; the file opens without it."""
    log = path.with_name(path.name + "-wal")
    target = path.with_name(f"{path.name}-wal.foreign.{at.strftime('%Y%m%dT%H%M%S')}")
    log.replace(target)
    path.with_name(path.name + "-shm").unlink(missing_ok=True)
    warn(
        f"the write-ahead log beside the {profile.noun} {path} does not belong to it (it "
        f"comes from another database, or it is damaged); it was moved to {target} and the "
        "database opened without it"
    )


def _inspect(path: Path, profile: DatabaseProfile) -> FileState:
    if path.is_dir():
        raise StoreError(f"{path} is a folder, not a database file", profile.file_path_hint)
    try:
        return database_file.inspect(path)
    except OSError as error:
        raise StoreError(
            f"cannot read the {profile.noun} {path}: {error.strerror}",
            "check the file's owner and permissions",
        ) from None


def open_more(path: Path, material: KeyMaterial) -> Connection:
    """Another connection to an already opened database (no key derivation, no migrations)."""
    return connect(path, material.pragma)


def _set_aside(path: Path, at: datetime, warn: Warn, what: str) -> None:
    moved = database_file.move_aside(path, at)
    warn(f"{what}; it was moved to {moved} and a new one created")


def _create(path: Path, passphrase: str, profile: DatabaseProfile) -> KeyMaterial | None:
    """Build a keyed database beside ``path`` and link it into place if nobody else did first.

    Creating in place would let two processes starting at once pick different salts; linking a
    finished file is atomic, so the loser simply opens the winner's database.
    """
    material = derive(passphrase, os.urandom(16))
    handle, name = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".new")
    os.close(handle)
    fresh = Path(name)
    try:
        connection = connect(fresh, material.pragma, wal=False)
        try:
            applied(connection, profile.schema)
        finally:
            connection.close()
        try:
            os.link(fresh, path)
        except FileExistsError:
            return None
        except OSError:  # a file system without hard links
            if path.exists():
                return None
            fresh.replace(path)
        return material
    finally:
        fresh.unlink(missing_ok=True)
        for sidecar in database_file.SIDECARS:
            fresh.with_name(fresh.name + sidecar).unlink(missing_ok=True)
