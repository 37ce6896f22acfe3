"""One connection per thread, opened on first use and kept: key derivation happens once."""

from __future__ import annotations

import threading
from collections.abc import Callable
from datetime import datetime
from pathlib import Path

from adapters.sqlcipher.connection import Connection
from adapters.sqlcipher.key_material import KeyMaterial
from adapters.sqlcipher.opener import Warn, open_database, open_more
from adapters.sqlcipher.profile import KNOWLEDGE, DatabaseProfile


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
    ) -> None:
        self.path = path
        self._lock = threading.Lock()
        self._local = threading.local()
        self._open: list[tuple[threading.Thread, Connection]] = []
        self._generation = 0
        opened = open_database(path, passphrase, now, warn, profile)
        self._material: KeyMaterial = opened.material
        self._adopt(opened.connection)

    def connection(self) -> Connection:
        current = getattr(self._local, "current", None)
        if current is not None and current[0] == self._generation:
            return current[1]  # type: ignore[no-any-return]
        with self._lock:
            self._close_orphans()
            connection = open_more(self.path, self._material)
            self._open.append((threading.current_thread(), connection))
            generation = self._generation
        self._local.current = (generation, connection)
        return connection

    def dedicated(self) -> Connection:
        """A connection outside the pool (VACUUM, checkpoint on close); the caller closes it."""
        return open_more(self.path, self._material)

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
