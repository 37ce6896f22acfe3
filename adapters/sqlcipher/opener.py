"""Opening a capy database file: refuse plaintext, protect on a wrong key, heal capy's own.

The knowledge database and the vault both open through here; a ``DatabaseProfile`` names the
schema and the words of the messages (ADR 0012). A file that is not a capy database — a text
file, an empty file, a FIFO, a folder — is refused with a message naming it and never moved:
only a file recognisably capy's (its page structure, its ``-wal``/``-shm``, or capy's mark of
having created it) is set aside when damaged, and only by a command that writes. A read-only
open creates, moves and writes nothing (ADR 0057).
"""

from __future__ import annotations

import os
from collections.abc import Callable
from datetime import datetime
from pathlib import Path

import attrs

from adapters.sqlcipher import database_file, key_memo
from adapters.sqlcipher.connection import Connection, connect
from adapters.sqlcipher.created_files import CreatedFiles
from adapters.sqlcipher.damage import opens_read_only, opens_without_log
from adapters.sqlcipher.database_file import FileState, NotARegularFile
from adapters.sqlcipher.errors import DatabaseError, is_unreadable
from adapters.sqlcipher.key_material import SALT_BYTES, KeyMaterial, derive, for_file
from adapters.sqlcipher.log_frames import foreign_frames
from adapters.sqlcipher.migration_notice import MigrationNotice
from adapters.sqlcipher.migrations import applied, migrate, pending
from adapters.sqlcipher.profile import KNOWLEDGE, DatabaseProfile
from domain.errors import (
    DamagedDatabase,
    ForeignSchema,
    PlaintextDatabase,
    StoreError,
    WrongKey,
)

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
    *,
    read_only: bool = False,
    created: CreatedFiles | None = None,
) -> OpenedDatabase:
    """The first connection of a process: classified, created if needed, migrated.

    A damaged file that is recognisably capy's, or one that decrypts but turns out damaged
    while migrating, is moved aside (never deleted) and a fresh database is created in its
    place, once. A write-ahead log that keeps a sound file from opening (copied from another
    database, left behind by a replaced file) is moved aside the same way and the file opened
    without it (ADR 0029). With ``read_only`` nothing is created, moved or written.
    """
    import shlex

    if not passphrase:
        raise StoreError("no database key was given", profile.missing_key_hint)
    if read_only:
        return _open_read_only(path, passphrase, profile, created, warn)
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
            if not _recognisably_capys(path, created):
                raise _not_capys(path, profile)
            _set_aside(path, now(), warn, f"the {profile.noun} {path} is damaged")
            state = FileState.MISSING
        material = (
            _create(path, passphrase, profile, created) if state is FileState.MISSING else None
        )
        material = material or _material_for(path, passphrase)
        if _log_is_foreign(path, material):
            _set_log_aside(path, now(), warn, profile)
        if state is not FileState.MISSING and _holds_foreign_tables(path, material, profile):
            raise _foreign(path, profile)  # asked read-only: a writer would fold its log in
        try:
            connection = connect(path, material.pragma)
        except DatabaseError as error:
            if not is_unreadable(error):
                raise StoreError(
                    f"cannot open {path}: {error}", "check the file and its folder"
                ) from error
            raise WrongKey(
                f"the key does not open the {profile.noun} {path}",
                profile.wrong_key_hint + rotation_note(path, profile),
            ) from None
        try:
            if pending(connection, profile.schema) is None:
                connection.close()
                raise _foreign(path, profile)
            migrate(connection, profile.schema, _notice(path, profile, warn))
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
        key_memo.keep(path, passphrase, material)
        return OpenedDatabase(connection, material)
    raise AssertionError("unreachable")


def _notice(path: Path, profile: DatabaseProfile, warn: Warn) -> MigrationNotice:
    """A migration that rewrites a large store says so, and that it runs once (ADR 0155)."""
    return MigrationNotice(warn, f"the {profile.noun} {path}")


def _material_for(path: Path, passphrase: str) -> KeyMaterial:
    """The key derived from the passphrase for this file, taken from capy's memo of it when the
    memo holds one that authenticates page 1 of the file (ADR 0104), else derived."""
    salt = b""
    try:
        with path.open("rb") as handle:
            salt = handle.read(SALT_BYTES)
    except OSError:
        pass
    return key_memo.recall(path, passphrase, salt) or for_file(passphrase, path)


def rotation_note(path: Path, profile: DatabaseProfile) -> str:
    """When a key rotation kept the previous file beside this one, the wrong key is most likely
    the old one: say which file that key opens and how (ADR 0066)."""
    import glob
    import shlex

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


def _open_read_only(
    path: Path,
    passphrase: str,
    profile: DatabaseProfile,
    created: CreatedFiles | None,
    warn: Warn,
) -> OpenedDatabase:
    """Open for reading only: refuse whatever is not a sound capy database, change nothing.

    The one write allowed is bringing capy's own database (it decrypts with capy's key and
    keeps capy's migration ledger) up to this version's schema, which any command that
    writes would do the same way.
    """
    state = _inspect(path, profile)
    if state is FileState.MISSING:
        raise StoreError(f"there is no {profile.noun} at {path} yet", profile.missing_file_hint)
    if state is FileState.PLAINTEXT:
        raise PlaintextDatabase(
            f"the {profile.noun} {path} is not encrypted", profile.plaintext_hint
        )
    if state in (FileState.GARBAGE, FileState.EMPTY):
        if _recognisably_capys(path, created):
            raise _damaged_left_alone(path, profile)
        raise _not_capys(path, profile)
    material = _material_for(path, passphrase)
    try:
        connection = connect(path, material.pragma, read_only=True)
    except DatabaseError as error:
        if not is_unreadable(error):
            raise StoreError(
                f"cannot open {path}: {error}", "check the file and its folder"
            ) from error
        if _log_is_foreign(path, material):
            raise StoreError(
                f"the write-ahead log beside the {profile.noun} {path} does not belong to it",
                "nothing was changed; any capy command that writes sets the log aside and "
                "opens the database without it",
            ) from None
        raise WrongKey(
            f"the key does not open the {profile.noun} {path}", profile.wrong_key_hint
        ) from None
    try:
        missing = pending(connection, profile.schema)
    except DatabaseError as error:
        connection.close()
        if not is_unreadable(error):
            raise
        raise _damaged_left_alone(path, profile) from None
    if missing is None or (missing and _has_tables_but_no_ledger(connection, profile)):
        connection.close()
        raise _foreign(path, profile)  # a look never builds capy's tables into another file
    if missing:
        connection.close()
        writer = connect(path, material.pragma)
        try:
            migrate(writer, profile.schema, _notice(path, profile, warn))
        finally:
            writer.close()
        connection = connect(path, material.pragma, read_only=True)
    return OpenedDatabase(connection, material)


def _holds_foreign_tables(path: Path, material: KeyMaterial, profile: DatabaseProfile) -> bool:
    try:
        reader = connect(path, material.pragma, read_only=True)
    except DatabaseError:
        return False  # the writing open below says why
    try:
        return pending(reader, profile.schema) is None
    except DatabaseError:
        return False
    finally:
        reader.close()


def _has_tables_but_no_ledger(connection: Connection, profile: DatabaseProfile) -> bool:
    names = {row[0] for row in connection.execute("SELECT name FROM sqlite_master")}
    return bool(names) and profile.schema.ledger not in names


def _foreign(path: Path, profile: DatabaseProfile) -> ForeignSchema:
    import shlex

    return ForeignSchema(
        f"the {profile.noun} {path} holds tables this capy did not make; it was left untouched",
        profile.foreign_hint.format(path=shlex.quote(str(path))),
    )


def _recognisably_capys(path: Path, created: CreatedFiles | None) -> bool:
    """A damaged file capy may set aside: its page structure, SQLite's sidecars beside it, or
    capy's own mark of having created it. Anything else is the user's and stays where it is."""
    return (
        database_file.has_page_structure(path)
        or database_file.has_sidecars(path)
        or (created is not None and created.made(path))
    )


def _not_capys(path: Path, profile: DatabaseProfile) -> StoreError:
    return StoreError(
        f"{path} is not a {profile.noun} (it is {_what_it_holds(path)}); capy left it untouched",
        profile.file_path_hint,
    )


def _what_it_holds(path: Path) -> str:
    state = database_file.inspect(path)
    return "empty" if state is FileState.EMPTY else "a file of another kind"


def _damaged_left_alone(path: Path, profile: DatabaseProfile) -> DamagedDatabase:
    import shlex

    quoted = shlex.quote(str(path))
    return DamagedDatabase(
        f"the {profile.noun} {path} is damaged; this command only reads, so nothing was changed",
        "a capy command that writes sets it aside and starts a new one, or move it aside "
        f"yourself: mv {quoted} {shlex.quote(str(path) + '.damaged')}",
    )


def _inspect(path: Path, profile: DatabaseProfile) -> FileState:
    if path.is_dir():
        raise StoreError(f"{path} is a folder, not a database file", profile.file_path_hint)
    try:
        return database_file.inspect(path)
    except NotARegularFile:
        raise StoreError(
            f"{path} is not a regular file (a FIFO, socket or device); capy left it untouched",
            profile.file_path_hint,
        ) from None
    except OSError as error:
        raise StoreError(
            f"cannot read the {profile.noun} {path}: {error.strerror}",
            "check the file's owner and permissions",
        ) from None


def open_more(path: Path, material: KeyMaterial, *, read_only: bool = False) -> Connection:
    """Another connection to an already opened database (no key derivation, no migrations)."""
    return connect(path, material.pragma, read_only=read_only)


def _set_aside(path: Path, at: datetime, warn: Warn, what: str) -> None:
    moved = database_file.move_aside(path, at)
    warn(f"{what}; it was moved to {moved} and a new one created")


def _create(
    path: Path, passphrase: str, profile: DatabaseProfile, created: CreatedFiles | None
) -> KeyMaterial | None:
    """Build a keyed database beside ``path`` and link it into place if nobody else did first.

    Creating in place would let two processes starting at once pick different salts; linking a
    finished file is atomic, so the loser simply opens the winner's database.
    """
    import tempfile

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
        if created is not None:
            created.remember(path)
        return material
    finally:
        fresh.unlink(missing_ok=True)
        for sidecar in database_file.SIDECARS:
            fresh.with_name(fresh.name + sidecar).unlink(missing_ok=True)
