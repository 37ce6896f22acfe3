"""The vault on an encrypted SQLCipher file (schema in ``schema/``, ADR 0033).

Opened, recovered, WAL-journaled and checkpointed by the same code as the knowledge store;
only the schema and the words of its messages differ (``profile``).
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterator, Sequence
from contextlib import AbstractContextManager
from pathlib import Path

from adapters.sqlcipher import maintenance
from adapters.sqlcipher.connection_pool import ConnectionPool
from adapters.sqlcipher.created_files import CreatedFiles
from adapters.sqlcipher.database_file import SIDECARS
from adapters.sqlcipher.errors import DatabaseError
from adapters.sqlcipher.vault import queries, upkeep, writer
from adapters.sqlcipher.vault.profile import VAULT
from adapters.sqlcipher.vault.rows import parse_time
from adapters.system_clock import SystemClock
from application.ports.clock import Clock
from application.ports.file_upkeep import FileUpkeep
from application.ports.vault_store import VaultStore
from domain.errors import StoreError
from domain.vault.blob import EncodedBlob, refuse_newer_reader
from domain.vault.indexing import INDEX_VERSION
from domain.vault.maintenance import BlobKey, ReindexedSession, StaleSession
from domain.vault.search import SessionFilter, VaultHit, VaultQuery, VaultStats
from domain.vault.session import ArchivedSession, StoredDigest, StoredFile, VaultSession

_log = logging.getLogger("capy.vault")


class SqlcipherVaultStore(VaultStore, FileUpkeep):
    """Opens (or creates) the vault at construction; raises ``PlaintextDatabase``, ``WrongKey``
    or ``StoreError`` with a hint, and refuses a vault written for a newer reader."""

    def __init__(
        self,
        path: Path | str,
        key: str,
        *,
        clock: Clock | None = None,
        on_warning: Callable[[str], None] | None = None,
        read_only: bool = False,
        created: CreatedFiles | None = None,
    ) -> None:
        self._path = Path(path)
        self._key = key
        self._read_only = read_only
        self._created = created
        self._clock = clock or SystemClock()
        self._warn = on_warning or _log.warning
        self._open_pool: ConnectionPool | None = None
        self._pool.connection()  # open now: a wrong key or a newer vault fails at start

    @property
    def _pool(self) -> ConnectionPool:
        """The open vault; after ``close()`` it is opened again, as a new store would be (a
        compaction may have put a new file in its place meanwhile)."""
        if self._open_pool is None:
            pool = ConnectionPool(
                self._path,
                self._key,
                self._clock.now,
                self._warn,
                VAULT,
                read_only=self._read_only,
                created=self._created,
            )
            try:
                refuse_newer_reader(writer.min_reader_version(pool.connection()))
            except BaseException:
                pool.close()
                raise
            self._open_pool = pool
        return self._open_pool

    @property
    def path(self) -> Path:
        return self._path

    def digests(self) -> dict[str, StoredDigest]:
        return queries.digests(self._pool.connection())

    def count_sessions(self, machine_id: str | None = None) -> int:
        return queries.count_sessions(self._pool.connection(), machine_id)

    def save(self, sessions: Sequence[ArchivedSession]) -> None:
        try:
            writer.save(self._pool.connection(), sessions, self._clock.now())
        except DatabaseError as error:
            names = ", ".join(a.session.uuid[:8] for a in sessions[:3])
            more = f" and {len(sessions) - 3} more" if len(sessions) > 3 else ""
            raise StoreError(
                f"cannot archive {names}{more}: {error}",
                "nothing of them was written; run the import again",
            ) from error

    def sessions(self, which: SessionFilter) -> list[VaultSession]:
        return queries.sessions(self._pool.connection(), which)

    def find(self, uuid_prefix: str, limit: int = 10) -> list[VaultSession]:
        return queries.find(self._pool.connection(), uuid_prefix, limit)

    def main_blob(self, uuid: str) -> EncodedBlob:
        return queries.main_blob(self._pool.connection(), uuid)

    def file_names(self, uuid: str) -> list[str]:
        return queries.file_names(self._pool.connection(), uuid)

    def files(self, uuid: str) -> Iterator[StoredFile]:
        return queries.files(self._pool.connection(), uuid)

    def search(self, query: VaultQuery) -> list[VaultHit]:
        return queries.search(self._pool.connection(), query)

    def delete(self, uuid: str) -> bool:
        return writer.delete(self._pool.connection(), uuid)

    def stats(self) -> VaultStats:
        connection = self._pool.connection()
        count, size, stored, oldest, newest, stale = queries.totals(connection, INDEX_VERSION)
        return VaultStats(
            sessions=count,
            size_bytes=size,
            stored_bytes=stored,
            file_bytes=self._file_bytes(),
            oldest=parse_time(oldest),
            newest=parse_time(newest),
            index_version=INDEX_VERSION,
            stale_sessions=stale,
            min_reader_version=writer.min_reader_version(connection),
            projects=queries.projects(connection),
            free_bytes=upkeep.free_bytes(connection),
        )

    def _file_bytes(self) -> int:
        total = 0
        for candidate in (
            self._path,
            *(self._path.with_name(self._path.name + s) for s in SIDECARS),
        ):
            try:
                total += candidate.stat().st_size
            except OSError:
                continue
        return total

    def stale_sessions(self, index_version: int) -> list[StaleSession]:
        return upkeep.stale_sessions(self._pool.connection(), index_version)

    def replace_messages(self, sessions: Sequence[ReindexedSession]) -> int:
        try:
            return upkeep.replace_messages(self._pool.connection(), sessions)
        except DatabaseError as error:
            raise StoreError(
                f"cannot write the search rows of {len(sessions)} sessions: {error}",
                "nothing of them was written; run `capy vault reindex` again",
            ) from error

    def uncompressed(self) -> list[BlobKey]:
        return upkeep.uncompressed(self._pool.connection())

    def blob(self, key: BlobKey) -> EncodedBlob:
        return upkeep.blob(self._pool.connection(), key)

    def replace_blobs(self, blobs: Sequence[tuple[BlobKey, EncodedBlob]]) -> None:
        upkeep.replace_blobs(self._pool.connection(), blobs)

    def hold_exclusively(self) -> AbstractContextManager[None]:
        return upkeep.exclusively(self._pool.connection())

    def free_share(self) -> float:
        return maintenance.free_page_ratio(self._pool.connection())

    def compact(self) -> None:
        """Merges the search index; the file itself is copied afresh by ``CompactVault``
        (an export into a new file, never VACUUM's copy in memory)."""
        upkeep.optimize_search_index(self._pool.connection())

    def checkpoint(self, *, required: bool = True) -> None:
        if required:
            maintenance.checkpoint(self._pool.connection(), "capy vault checkpoint")
        else:
            maintenance.fold_log(self._pool.connection())

    def release_memory(self) -> None:
        self._pool.connection().execute("PRAGMA shrink_memory")

    def drop_cached_pages(self) -> None:
        self._pool.shrink_current()

    def close(self) -> None:
        """Closes every connection, then truncates the WAL from one fresh connection."""
        pool, self._open_pool = self._open_pool, None
        if pool is None:
            return
        error = pool.close_and_flush()
        if error is not None:
            _log.warning("could not flush the write-ahead log of %s: %s", self._path, error)
