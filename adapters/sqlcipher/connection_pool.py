"""One connection per thread, opened on first use and kept: key derivation happens once.

The pool also keeps the database honest about *which* file it writes to. SQLite keeps writing
to an open file after it was deleted or replaced under it, so an index would be acknowledged
and vanish at the next start. Every connection handed out is checked first: when the file at the
path is no longer the one that was opened (another inode, or gone), every connection is closed
and the path opened again — a new empty database when the file was deleted, the replacement
when it was replaced and the key opens it, else the reason why not. After a write, ``confirm``
checks again, so a write that went to a file deleted meanwhile is reported, never acknowledged
(ADR 0029).
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from datetime import datetime
from pathlib import Path

from adapters.sqlcipher.connection import Connection
from adapters.sqlcipher.created_files import CreatedFiles
from adapters.sqlcipher.key_material import KeyMaterial
from adapters.sqlcipher.opener import OpenedDatabase, Warn, open_database, open_more
from adapters.sqlcipher.profile import KNOWLEDGE, DatabaseProfile
from domain.errors import StoreError

_Identity = tuple[int, int] | None
_NO_FILE: tuple[int, int] = (-1, -1)  # after a failed reopen: no file is the one in use


def _identity(path: Path) -> _Identity:
    try:
        info = path.stat()
    except OSError:
        return None
    return info.st_dev, info.st_ino


class ConnectionPool:
    """Opens the database eagerly (so a wrong key or a plaintext file fails at start-up).

    ``close()`` closes every thread's connection; a later call to ``connection()`` opens again
    (each thread notices through the generation counter). Connections of threads that have
    ended are closed whenever a new one is opened, so worker-thread pools that come and go do
    not pile up connections (each holds its own page cache).
    """

    def __init__(
        self,
        path: Path,
        passphrase: str,
        now: Callable[[], datetime],
        warn: Warn,
        profile: DatabaseProfile = KNOWLEDGE,
        *,
        read_only: bool = False,
        created: CreatedFiles | None = None,
    ) -> None:
        self.path = path
        self.read_only = read_only
        self._created = created
        self._passphrase = passphrase
        self._now = now
        self._warn = warn
        self._profile = profile
        self._lock = threading.Lock()
        self._local = threading.local()
        self._open: list[tuple[threading.Thread, Connection]] = []
        self._generation = 0
        opened = self._open_file()
        self._material: KeyMaterial = opened.material
        self._file = _identity(path)
        self._adopt(opened.connection)

    def connection(self) -> Connection:
        if _identity(self.path) != self._file:
            self._reopen()
        current = getattr(self._local, "current", None)
        if current is not None and current[0] == self._generation:
            return current[1]  # type: ignore[no-any-return]
        with self._lock:
            self._close_orphans()
            connection = self._ordinary(
                open_more(self.path, self._material, read_only=self.read_only)
            )
            self._open.append((threading.current_thread(), connection))
            generation = self._generation
        self._local.current = (generation, connection)
        return connection

    def confirm(self) -> None:
        """Raise ``StoreError`` when the file written to is no longer the one at the path."""
        if _identity(self.path) != self._file:
            noun = self._profile.noun
            raise StoreError(
                f"the {noun} {self.path} was deleted or replaced while capy was writing to it; "
                "that write is not in the file at that path",
                "run the call again: capy opens the file that is there now",
            )

    def _reopen(self) -> None:
        with self._lock:
            now_at_path = _identity(self.path)
            if now_at_path == self._file:
                return  # another thread reopened it already
            connections, self._open = self._open, []
            self._generation += 1
            for _, connection in connections:
                _close_quietly(connection)
            what = "deleted" if now_at_path is None else "replaced"
            noun = self._profile.noun
            # every connection is closed: the inode number may be reused by the next file at
            # the path, so until a reopen succeeds no file counts as the one in use
            self._file = _NO_FILE
            try:
                opened = self._open_file()
            except StoreError as error:
                raise type(error)(
                    f"the {noun} {self.path} was {what} while capy ran, and the file there now "
                    f"cannot be used: {error.message}",
                    error.hint,
                ) from error
            self._material = opened.material
            self._file = _identity(self.path)
            self._open.append((threading.current_thread(), opened.connection))
            self._local.current = (self._generation, opened.connection)
            result = "a new, empty one was created" if what == "deleted" else "capy opened it"
            self._warn(f"the {noun} {self.path} was {what} while capy ran; {result}")

    def _open_file(self) -> OpenedDatabase:
        opened = open_database(
            self.path,
            self._passphrase,
            self._now,
            self._warn,
            self._profile,
            read_only=self.read_only,
            created=self._created,
        )
        self._ordinary(opened.connection)
        return opened

    def _ordinary(self, connection: Connection) -> Connection:
        """How the profile's ordinary writes treat the pages they free (ADR 0152); a deletion
        a user or the retention policy asked for zeroes them (``writer.delete_sources``)."""
        if not self.read_only:
            connection.execute(f"PRAGMA secure_delete = {self._profile.secure_delete}")
        return connection

    def release_current(self) -> None:
        """Close the calling thread's connection (other threads' stay open); its next
        ``connection()`` opens another, from the key material kept (no key derivation).

        Closing gives back all a connection holds, which ``PRAGMA shrink_memory`` leaves: the
        prepared statements it caches, the full-text tables' term hash sized for its largest
        write, and the Python objects the driver keeps per statement run — small, long-lived
        objects that keep the interpreter's memory blocks resident around them.
        """
        current = getattr(self._local, "current", None)
        if current is None:
            return
        self._local.current = None
        connection = current[1]
        with self._lock:
            self._open = [(owner, open_) for owner, open_ in self._open if open_ is not connection]
        _close_quietly(connection)

    def shrink_current(self) -> None:
        """Empty the calling thread's page cache (``PRAGMA shrink_memory``), keeping its
        connection and statements open; a thread without a connection is left without one."""
        current = getattr(self._local, "current", None)
        if current is not None and current[0] == self._generation:
            current[1].execute("PRAGMA shrink_memory")

    def dedicated(self) -> Connection:
        """A connection outside the pool (VACUUM, checkpoint on close); the caller closes it."""
        return open_more(self.path, self._material, read_only=self.read_only)

    def _adopt(self, connection: Connection) -> None:
        self._open.append((threading.current_thread(), connection))
        self._local.current = (self._generation, connection)

    def _close_orphans(self) -> None:
        alive = []
        for owner, connection in self._open:
            if owner.is_alive():
                alive.append((owner, connection))
            else:
                _close_quietly(connection)
        self._open = alive

    @property
    def open_connections(self) -> int:
        return len(self._open)

    def close(self) -> None:
        with self._lock:
            connections, self._open = self._open, []
            self._generation += 1
        for _, connection in connections:
            _close_quietly(connection)

    def close_and_flush(self) -> Exception | None:
        """Close every connection, then truncate the WAL from one fresh connection, so the
        file alone is complete. Returns why no connection could be opened for that, if so."""
        self.close()
        if self.read_only:
            return None  # a reader leaves the log to the writers
        try:
            last = self.dedicated()
        except Exception as error:
            return error
        try:
            last.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        finally:
            last.close()
        return None


def _close_quietly(connection: Connection) -> None:
    try:
        connection.close()
    except Exception:
        return
