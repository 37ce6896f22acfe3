"""Archiving Claude Code sessions into the vault: new ones added, grown ones updated."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import attrs

from application.ports.clock import Clock
from application.ports.session_files import SessionFiles
from application.ports.vault_store import VaultStore
from application.runs import never, unwatched
from application.use_cases.vault.reindex_vault import ReindexVault
from application.vault.batches import ArchiveBatches
from application.vault.session_reader import SessionPlan, SessionReader
from domain.errors import CapyError
from domain.sessions.files import SessionFile
from domain.vault.importing import (
    ImportProgress,
    ImportReport,
    ImportStatus,
    SessionOutcome,
    SkipReason,
    judge,
)
from domain.vault.indexing import INDEX_VERSION
from domain.vault.paths import mangled_project_folder
from domain.vault.session import ArchivedSession, StoredDigest

Progress = Callable[[ImportProgress, SessionOutcome | None], None]


@attrs.frozen
class ImportRequest:
    """Which sessions: every project under ``root`` (default: Claude Code's projects folder),
    or only ``project_root``'s; ``project`` keeps those whose folder name contains it (as typed
    or as Claude Code mangles it). ``transcript`` archives the one session whose transcript that
    is (what the host hands over when it ends a session). ``dry_run`` decides without writing."""

    root: Path | None = None
    project_root: Path | None = None
    project: str | None = None
    dry_run: bool = False
    transcript: Path | None = None


class ImportSessions:
    """One session at a time, written in batches (50 sessions or 16 MiB per transaction).

    A batch that fails is retried session by session, so one bad session costs only itself.
    ``stop()`` is asked between sessions: what is archived so far is kept, nothing is half
    written. A process killed mid-import leaves whole sessions only (each batch is one
    transaction).
    """

    def __init__(
        self,
        store: VaultStore,
        files: SessionFiles,
        reader: SessionReader,
        clock: Clock,
        machine_id: Callable[[], str],
        *,
        reindex: ReindexVault,
    ) -> None:
        self._store = store
        self._files = files
        self._reader = reader
        self._reindex = reindex
        self._clock = clock
        self._machine_id = machine_id

    def execute(
        self,
        request: ImportRequest,
        progress: Progress = unwatched,
        stop: Callable[[], bool] = never,
    ) -> ImportReport:
        sessions = self._discover(request)
        stored = self._store.digests()
        machine = self._machine_id()
        others_only = bool(stored) and self._store.count_sessions(machine) == 0
        total_bytes = sum(s.total_size for s in sessions)
        batch = ArchiveBatches(self._store.save)
        outcomes = batch.outcomes
        done_bytes = 0
        cancelled = False
        progress(ImportProgress(0, len(sessions), 0, total_bytes), None)
        for number, session in enumerate(sessions, start=1):
            if stop():
                cancelled = True
                break
            outcome, archived = self._one(session, stored.get(session.session_id), request.dry_run)
            batch.add(outcome, archived)
            done_bytes += session.total_size
            progress(ImportProgress(number, len(sessions), done_bytes, total_bytes), outcome)
        batch.flush()
        if not request.dry_run:
            self._reindex_unchanged(outcomes, stop)
        return ImportReport(
            outcomes=tuple(outcomes),
            discovered=len(sessions),
            dry_run=request.dry_run,
            cancelled=cancelled,
            other_machines_only=others_only,
        )

    def _reindex_unchanged(self, outcomes: list[SessionOutcome], stop: Callable[[], bool]) -> None:
        """Sessions skipped as unchanged whose search rows an older scanner wrote are
        re-indexed from their stored bytes; one that fails becomes an error."""
        slots = {o.uuid: n for n, o in enumerate(outcomes) if o.status is ImportStatus.REINDEXED}
        if not slots:
            return
        report = self._reindex.execute(stop=stop, only=slots)
        for failure in report.failures:
            slot = slots.pop(failure.uuid)
            outcomes[slot] = attrs.evolve(
                outcomes[slot], status=ImportStatus.ERROR, detail=failure.detail
            )
        if report.remaining:
            for stale in self._store.stale_sessions(INDEX_VERSION):
                if stale.uuid in slots:
                    outcomes[slots[stale.uuid]] = attrs.evolve(
                        outcomes[slots[stale.uuid]],
                        status=ImportStatus.SKIPPED,
                        detail="unchanged; search rows not rebuilt yet (`capy vault reindex`)",
                    )

    def _discover(self, request: ImportRequest) -> list[SessionFile]:
        if request.transcript is not None:
            transcript = request.transcript
            return [s for s in self._files.all_sessions(transcript.parent) if s.path == transcript]
        if request.project_root is not None:
            found = self._files.project_sessions(request.project_root)
        else:
            found = self._files.all_sessions(request.root)
        if request.project:
            wanted = {request.project, mangled_project_folder(request.project) or ""} - {""}
            found = [s for s in found if any(w in s.project_dir.name for w in wanted)]
        return found

    def _one(
        self, session: SessionFile, stored: StoredDigest | None, dry_run: bool
    ) -> tuple[SessionOutcome, ArchivedSession | None]:
        folder = session.project_dir.name
        try:
            plan = self._reader.plan(session)
            if plan.main_length == 0:
                return _skipped(session, folder, plan.size, SkipReason.EMPTY), None
            verdict = judge(stored, plan.size)
            if verdict.status is None:
                verdict = judge(stored, plan.size, self._reader.content_hash(plan))
            if verdict.status is ImportStatus.SKIPPED:
                if stored is not None and stored.index_version < INDEX_VERSION:
                    return _stale(session, folder, plan.size), None
                return _skipped(session, folder, plan.size, verdict.reason), None
            status = verdict.status or ImportStatus.UPDATED
            if dry_run:
                return SessionOutcome(session.session_id, status, folder, plan.size), None
            return self._archive(plan, stored, status)
        except (OSError, CapyError) as error:
            detail = getattr(error, "strerror", None) or str(error)
            return SessionOutcome(
                session.session_id, ImportStatus.ERROR, folder, session.total_size, detail=detail
            ), None

    def _archive(
        self, plan: SessionPlan, stored: StoredDigest | None, status: ImportStatus
    ) -> tuple[SessionOutcome, ArchivedSession | None]:
        archived, messages = self._reader.archive(plan, self._clock.now())
        session = archived.session
        # The files may have changed since they were planned: judge what was actually read.
        final = judge(stored, session.size_bytes, session.content_hash)
        if final.status is ImportStatus.SKIPPED:
            return _skipped_plan(plan, session.size_bytes, final.reason), None
        if messages == 0:
            return _skipped_plan(plan, session.size_bytes, SkipReason.NO_MESSAGES), None
        outcome = SessionOutcome(
            uuid=session.uuid,
            status=final.status or status,
            project=session.project_path,
            size_bytes=session.size_bytes,
            title=session.title,
        )
        return outcome, archived


def _skipped(
    session: SessionFile, folder: str, size: int, reason: SkipReason | None
) -> SessionOutcome:
    detail = reason.value if reason else ""
    return SessionOutcome(session.session_id, ImportStatus.SKIPPED, folder, size, detail=detail)


def _stale(session: SessionFile, folder: str, size: int) -> SessionOutcome:
    return SessionOutcome(
        session.session_id,
        ImportStatus.REINDEXED,
        folder,
        size,
        detail="unchanged; search rows rebuilt",
    )


def _skipped_plan(plan: SessionPlan, size: int, reason: SkipReason | None) -> SessionOutcome:
    detail = reason.value if reason else ""
    return SessionOutcome(plan.uuid, ImportStatus.SKIPPED, plan.project_folder, size, detail=detail)
