"""Database keys from an environment variable or from one private key file per database.

The knowledge databases use ``CAPY_DB_KEY``, the vault ``CAPY_VAULT_KEY``; without the
variable both get a generated key kept the same way (ADR 0015).
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import stat
from collections.abc import Mapping
from pathlib import Path

from adapters import durable_files
from adapters.sqlcipher import database_file, key_memo, rotation_journal
from adapters.sqlcipher.database_file import FileState
from application.ports.key_provider import DatabaseKey, KeyProvider
from domain.errors import InvalidInput, KeyUnavailable

ENV_VAR = "CAPY_DB_KEY"
VAULT_ENV_VAR = "CAPY_VAULT_KEY"
NEW_KEY_SUFFIX = "_NEW"  # CAPY_DB_NEW_KEY, CAPY_VAULT_NEW_KEY: the key a rotation moves to


def new_key() -> str:
    """A random 256-bit key, as text."""
    import secrets  # only to create a key: a search that reads one never loads it (ADR 0240)

    return secrets.token_urlsafe(32)


def new_key_variable(env_var: str) -> str:
    """``CAPY_DB_KEY`` → ``CAPY_DB_NEW_KEY``."""
    return env_var.removesuffix("_KEY") + NEW_KEY_SUFFIX + "_KEY"


class KeyFileKeyProvider(KeyProvider):
    """``CAPY_DB_KEY`` wins; otherwise ``<keys_dir>/<hash of the db path>.key`` (mode 0600).

    The file is created on first use with a random 256-bit key (not when ``create`` is off:
    commands that only read never create a key file). It appears whole or not at all:
    the key is written and synced to a private temporary file that is then hard-linked into place,
    which fails if another process got there first — both then use the winner's key.
    """

    def __init__(
        self,
        env: Mapping[str, str],
        keys_dir: Path,
        *,
        env_var: str = ENV_VAR,
        noun: str = "knowledge database",
        create: bool = True,
    ) -> None:
        self._env_var = env_var
        self._create = create
        self._noun = noun
        self._env_key = env.get(env_var)
        self._keys_dir = keys_dir

    def key_for(self, db_path: Path) -> DatabaseKey:
        rotation_journal.settle(db_path, lambda found: self._settle(db_path, found))
        if self._env_key is not None:
            return DatabaseKey(self._checked_env_key(), f"environment variable {self._env_var}")
        path = self.key_file(db_path)
        secret = _read_key(path)
        if secret is None:
            self._refuse_a_key_that_cannot_open(db_path, path)
            if not self._create or _not_a_database(db_path):
                # A command that only reads keeps nothing, and a key for a path holding the
                # user's own file would never be used: this key opens no file, and the store
                # then reports what is (or is not) at the path without creating anything.
                return DatabaseKey(new_key(), f"none yet (would be generated at {path})")
            self._store(path, new_key(), replace=False)
            secret = _read_key(path)
        if secret is None:  # pragma: no cover - the file was removed between two lines
            raise KeyUnavailable(f"the key file {path} vanished", hint="run the command again")
        # The key derived from this file's key may be kept beside it (ADR 0104); a read-only
        # command only reads that memo.
        key_memo.register(db_path, secret, key_memo.KeyMemo(self._memo_file(db_path), self._create))
        return DatabaseKey(secret, f"key file {path}")

    def describe(self, db_path: Path) -> str:
        if self._env_key is not None:
            return f"environment variable {self._env_var}"
        path = self.key_file(db_path)
        if path.exists():
            return f"key file {path}"
        if _encrypted(db_path):
            return (
                "missing: the database is encrypted under a key capy does not have; "
                f"set {self._env_var}"
            )
        return f"will be generated at {path} on first use"

    def stage_key(self, db_path: Path, secret: str) -> None:
        if self._env_key is not None:
            return  # the person holds the new key in CAPY_*_NEW_KEY; capy keeps no copy
        _check_secret(secret)
        self._store(self._staged_file(db_path), secret, replace=True)

    def replace_key(self, db_path: Path, secret: str, backup: Path | None = None) -> DatabaseKey:
        if self._env_key is not None:
            raise KeyUnavailable(
                f"{self._env_var} is set, so capy keeps no key file to replace",
                hint=f"set {self._env_var} to the new key instead, or unset it to use a key file",
            )
        _check_secret(secret)
        path = self.key_file(db_path)
        try:
            self._keep_for_backup(db_path, secret, backup)
            self._store(path, secret, replace=True)
        finally:
            self._staged_file(db_path).unlink(missing_ok=True)
        key_memo.forget(self._memo_file(db_path))  # bound to the old key: it would only miss
        return DatabaseKey(secret, f"key file {path}")

    def forget_key(self, db_path: Path) -> None:
        if self._env_key is None:
            self.key_file(db_path).unlink(missing_ok=True)
            key_memo.forget(self._memo_file(db_path))

    def _memo_file(self, db_path: Path) -> Path:
        """Where the key derived from the key file's key is kept (ADR 0104)."""
        path = self.key_file(db_path)
        return path.with_name(path.name + key_memo.MEMO_SUFFIX)

    def _staged_file(self, db_path: Path) -> Path:
        """The key a rotation moves to, written and synced before any file moves."""
        path = self.key_file(db_path)
        return path.with_name(path.name + ".next")

    def _keep_for_backup(self, db_path: Path, secret: str, backup: Path | None) -> None:
        """The key that opens the original kept by a rotation becomes that file's own key file,
        so ``CAPY_VAULT_PATH=<backup>`` (or ``CAPY_DB_PATH``) opens it like any database."""
        if backup is None:
            return
        current = _read_key(self.key_file(db_path))
        if current is not None and current != secret:
            self._store(self.key_file(backup), current, replace=True)

    def _settle(self, db_path: Path, found: rotation_journal.Pending) -> None:
        """Finish or undo a rewrite of ``db_path`` that a killed process left (ADR 0066)."""
        if found.phase is rotation_journal.Phase.COPY:
            rotation_journal.undo_copy(db_path, found.backup)
            self._staged_file(db_path).unlink(missing_ok=True)
            return
        if found.new_key and self._env_key is not None:
            # Only the person holds the new key: a swap that had not happened is undone; one
            # that had is kept (the wrong-key message then names the backup).
            if rotation_journal.copy_path(db_path).exists():
                rotation_journal.undo_copy(db_path, found.backup)
            return
        rotation_journal.finish_swap(db_path, found.backup)
        staged = _read_key(self._staged_file(db_path)) if found.new_key else None
        if staged is not None:
            self.replace_key(db_path, staged, found.backup)

    def key_file(self, db_path: Path) -> Path:
        digest = hashlib.sha256(str(db_path.resolve()).encode()).hexdigest()[:32]
        return self._keys_dir / f"{digest}.key"

    def _store(self, path: Path, secret: str, *, replace: bool) -> None:
        try:
            _ensure_private_dir(self._keys_dir)
            _publish(path, secret, replace=replace)
        except OSError as exc:
            raise KeyUnavailable(
                f"cannot write the key file {path}: {exc.strerror or exc}",
                hint=f"make {self._keys_dir} writable for you, or set {self._env_var}",
            ) from None

    def _refuse_a_key_that_cannot_open(self, db_path: Path, path: Path) -> None:
        """A new random key can never open a database already encrypted under another key.

        Creating one anyway would leave a key file that ``capy which`` then names as the key,
        hiding the real cause (most often: CAPY_DB_KEY was set when the database was made).
        """
        if _encrypted(db_path):
            raise KeyUnavailable(
                f"no key for the existing {self._noun} {db_path}: it was "
                f"encrypted with a key that is neither in {self._env_var} nor in {path}",
                hint=f"set {self._env_var} to the key it was created with; the file was left "
                "untouched",
            )

    def _checked_env_key(self) -> str:
        if not self._env_key:
            raise KeyUnavailable(
                f"{self._env_var} is set but empty",
                hint=f"set {self._env_var} to the database key, or unset it to use capy's key file",
            )
        return self._env_key


def _check_secret(secret: str) -> None:
    if not secret.strip() or any(char in secret for char in "\r\n\0"):
        raise InvalidInput(
            "a database key must be non-empty text on one line",
            hint="choose a key of printable characters",
        )


def _encrypted(db_path: Path) -> bool:
    try:
        return database_file.inspect(db_path) is FileState.ENCRYPTED
    except OSError:
        return False  # the store reports an unreadable file with its own fix


def _not_a_database(db_path: Path) -> bool:
    """Something is at the path that capy will refuse (a text file, an empty file, a FIFO, a
    folder) rather than a database to open, or nothing, where one is created."""
    try:
        state = database_file.inspect(db_path)
    except OSError:
        return True
    if state not in (FileState.GARBAGE, FileState.EMPTY):
        return False
    return not (database_file.has_page_structure(db_path) or database_file.has_sidecars(db_path))


def _read_key(path: Path) -> str | None:
    try:
        # O_NONBLOCK: a FIFO planted at the key's path must not hang every command.
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_NOFOLLOW", 0))
    except FileNotFoundError:
        return None
    except OSError as exc:
        raise KeyUnavailable(
            f"cannot read the key file {path}: {exc.strerror or exc}",
            hint="check that it is a regular file you own",
        ) from None
    mode = os.fstat(fd).st_mode
    if not stat.S_ISREG(mode):
        os.close(fd)
        kind = "a folder" if stat.S_ISDIR(mode) else "not a regular file"
        raise KeyUnavailable(
            f"the key file {path} is {kind}, so capy cannot read the key from it",
            hint=f"move it away (mv {path} {path}.not-a-key) if it is not yours to keep; "
            "if the database was encrypted with the key it held, restore that file",
        )
    with os.fdopen(fd, "rb") as handle:
        if mode & 0o077:
            raise KeyUnavailable(
                f"the key file {path} can be read by other users (mode {stat.S_IMODE(mode):o})",
                hint=f"run: chmod 600 {path}",
            )
        text = handle.read().decode("utf-8", errors="replace").strip()
    if not text:
        raise KeyUnavailable(
            f"the key file {path} is empty",
            hint="restore it from a backup; if the database is new, delete the file to start over",
        )
    return text


def _ensure_private_dir(directory: Path) -> None:
    directory.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
    directory.mkdir(mode=0o700, exist_ok=True)


def _publish(path: Path, secret: str, *, replace: bool) -> None:
    """Put a fully written, synced key file at ``path`` in one step."""
    import secrets

    temporary = path.with_name(f".{path.name}.{os.getpid()}.{secrets.token_hex(4)}.tmp")
    fd = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    try:
        os.fchmod(fd, 0o600)
        os.write(fd, f"{secret}\n".encode())
        os.fsync(fd)
    finally:
        os.close(fd)
    try:
        if replace:
            temporary.replace(path)
        else:
            _link_if_absent(temporary, path)
    finally:
        temporary.unlink(missing_ok=True)
    durable_files.sync_directory(path.parent)


def _link_if_absent(temporary: Path, path: Path) -> None:
    try:
        os.link(temporary, path)
    except FileExistsError:
        return  # another process created the key first; everyone uses that one
    except OSError:
        # A file system without hard links: exclusive create of the final name instead.
        with contextlib.suppress(FileExistsError):
            fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
            try:
                os.write(fd, temporary.read_bytes())
                os.fsync(fd)
            finally:
                os.close(fd)
