"""Rebuilding the search rows of sessions an older scanner indexed, from their stored bytes."""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence

from application.ports.file_upkeep import FileUpkeep
from application.ports.vault_store import VaultStore
from application.runs import never, unwatched
from application.vault.batches import Batches
from application.vault.stored_session import StoredSessionReader
from domain.errors import CapyError
from domain.vault.importing import ImportProgress
from domain.vault.indexing import INDEX_VERSION
from domain.vault.maintenance import Failure, ReindexedSession, ReindexReport

Progress = Callable[[ImportProgress], None]


class ReindexVault:
    """Every session below ``INDEX_VERSION`` gets its search rows rebuilt from the archived
    blobs (so sessions long gone from disk are reached too); nothing else of a session
    changes. Rows are written in batches (50 sessions or 16 MiB of text per transaction), the
    write-ahead log folded after each, so a kill loses at most the batch in flight and the next
    run starts where this one stopped — finished sessions are no longer stale. ``stop()`` is
    asked between sessions."""

    def __init__(self, store: VaultStore, upkeep: FileUpkeep, reader: StoredSessionReader) -> None:
        self._store = store
        self._upkeep = upkeep
        self._reader = reader

    def execute(
        self,
        progress: Progress = unwatched,
        stop: Callable[[], bool] = never,
        only: Collection[str] | None = None,
    ) -> ReindexReport:
        """``only``: re-index just these sessions (when stale), as an import does for the
        unchanged sessions it meets."""
        stale = self._store.stale_sessions(INDEX_VERSION)
        if only is not None:
            wanted = set(only)
            stale = [session for session in stale if session.uuid in wanted]
        failures: list[Failure] = []
        replaced = [0]

        def write(sessions: Sequence[ReindexedSession]) -> None:
            replaced[0] += self._store.replace_messages(sessions)

        def failed(session: ReindexedSession, error: Exception) -> None:
            failures.append(Failure(session.uuid, str(error)))

        batches = Batches(
            write,
            lambda s: s.pending_bytes,
            failed,
            after_flush=lambda: self._upkeep.checkpoint(required=False),
        )
        total_bytes = sum(session.stored_bytes for session in stale)
        done_bytes = 0
        cancelled = False
        progress(ImportProgress(0, len(stale), 0, total_bytes))
        for done, session in enumerate(stale, start=1):
            if stop():
                cancelled = True
                break
            try:
                read = self._reader.read(
                    session.uuid,
                    self._store.main_blob(session.uuid),
                    self._store.files(session.uuid),
                )
            except (CapyError, OSError) as error:
                failures.append(Failure(session.uuid, str(error)))
            else:
                batches.add(
                    ReindexedSession(
                        session.uuid, session.content_hash, INDEX_VERSION, read.scan.messages
                    )
                )
            done_bytes += session.stored_bytes
            progress(ImportProgress(done, len(stale), done_bytes, total_bytes))
        batches.flush()
        remaining = self._store.stale_sessions(INDEX_VERSION)
        if only is not None:
            remaining = [session for session in remaining if session.uuid in wanted]
        return ReindexReport(
            reindexed=replaced[0],
            failures=tuple(failures),
            remaining=len(remaining),
            cancelled=cancelled,
        )
