"""Index past sessions of the AI coding tools into the project's knowledge base."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import UTC, datetime, timedelta
from pathlib import Path

import attrs

from application.ports.clock import Clock
from application.ports.knowledge_store import KnowledgeStore
from application.ports.session_files import SessionFiles
from application.ports.sweep_ledger import SweepLedger, SweptSession
from application.sessions.conversation import Interrupted, read_conversation
from application.sessions.threads import (
    Thread,
    group_threads,
    predecessor,
    read_head,
    session_key,
)
from application.use_cases.index_content import IndexContent
from application.use_cases.index_request import IndexRequest
from application.use_cases.sweep_request import (
    SweepProgress,
    SweepReport,
    SweepRequest,
    SweepStatus,
    SweptThread,
)
from domain.content_type import ContentType
from domain.errors import CapyError
from domain.redaction import redact_secrets
from domain.sessions.files import SessionFile, SessionHost
from domain.sessions.indexability import skip_reason
from domain.sessions.labels import SessionLabel, start_stamp
from domain.sessions.records import ReadStats
from domain.sessions.session_document import SessionPart, session_parts
from domain.settings import Settings
from domain.source_kind import SourceKind

INDEXED = "indexed"
HEADINGS = {SessionHost.CLAUDE_CODE: "Session", SessionHost.CODEX: "Codex session"}


def _modified(session: SessionFile) -> datetime:
    return datetime.fromtimestamp(session.mtime_ns / 1e9, tz=UTC)


def _note(stats: ReadStats) -> str:
    notes = []
    if stats.malformed:
        notes.append(f"{stats.malformed} malformed line(s) skipped")
    if stats.oversized:
        notes.append(f"{stats.oversized} line(s) over 16 MiB skipped")
    if stats.unfinished_bytes:
        notes.append("last line still being written")
    return "; ".join(notes)


class SweepSessions:
    """Find a project's past sessions, turn each into a transcript and index it as a
    ``session`` source labelled ``session:<start>:<session id>``.

    Rules:
    - every host's sessions are swept (``files`` holds one ``SessionFiles`` per host);
    - a session unchanged since the last sweep (same sizes and modification times, per the
      ledger) is not read again, whatever the last sweep decided;
    - a session continued after ``/clear`` or ``--resume`` is indexed with its continuations
      as one conversation;
    - a session is indexed when it has at least two turns and some substance
      (``domain.sessions.indexability``), and not when it was last active longer ago than
      ``store.cleanup.session_ttl_days`` (it would be purged at once);
    - secrets are redacted before the transcript is built; a source replaced by a grown
      session, or absorbed into a thread, is removed;
    - an unreadable file is reported and retried next time; nothing here raises for bad
      session content.
    """

    def __init__(
        self,
        *,
        files: Sequence[SessionFiles],
        ledger: SweepLedger,
        store: KnowledgeStore,
        index_content: IndexContent,
        clock: Clock,
        settings: Settings,
    ) -> None:
        self._files = files
        self._ledger = ledger
        self._store = store
        self._index = index_content
        self._clock = clock
        self._max_source_bytes = settings.store.max_source_bytes
        self._ttl = timedelta(days=settings.store.cleanup.session_ttl_days)

    def execute(self, request: SweepRequest) -> SweepReport:
        ledger = self._ledger.swept_sessions()
        work: list[tuple[SessionFiles, Thread]] = []
        follows: dict[str, str] = {}
        found = 0
        for files in self._files:
            sessions = files.project_sessions(request.project_root)
            found += len(sessions)
            links = self._follows(files, sessions, ledger, request.reindex)
            follows.update(links)
            work.extend((files, thread) for thread in group_threads(sessions, links))
        sweep = _Sweep(request, ledger, follows, self._session_sources(), self._clock.now())
        total = sum(thread.size for _, thread in work)
        rows: list[SweptThread] = []
        done = 0
        try:
            for files, thread in work:
                if request.should_stop():
                    break
                try:
                    rows.append(self._sweep(sweep, files, thread))
                except Interrupted:
                    break
                done += thread.size
                request.on_progress(SweepProgress(done, total, len(rows), len(work)))
        finally:
            self._drop_stale(sweep)
        return SweepReport(
            request.project_root,
            tuple(rows),
            found,
            request.dry_run,
            stopped=len(rows) < len(work),
        )

    # -- which sessions continue which ---------------------------------------------------
    def _follows(
        self,
        files: SessionFiles,
        sessions: Sequence[SessionFile],
        ledger: Mapping[str, SweptSession],
        reindex: bool,
    ) -> dict[str, str]:
        """Session key → key of the session it continues (``""``: none). An unchanged
        session keeps the link the ledger recorded; the others are read for it."""
        follows: dict[str, str] = {}
        siblings: dict[Path, list[SessionFile]] = {}
        for session in sessions:
            siblings.setdefault(session.project_dir, []).append(session)
        for session in sessions:
            key = session_key(session)
            known = ledger.get(key)
            if known is not None and not reindex and known.fingerprint == session.fingerprint:
                follows[key] = known.follows
                continue
            try:
                head = read_head(files, session)
            except OSError:
                follows[key] = ""
                continue
            found = predecessor(files, session, head, siblings[session.project_dir], _modified)
            follows[key] = session_key(found) if found is not None else ""
        return follows

    def _session_sources(self) -> dict[str, list[tuple[str, int]]]:
        """Session id → (label, source id) of every session source in the store."""
        found: dict[str, list[tuple[str, int]]] = {}
        for source in self._store.sources(kinds=[SourceKind.SESSION]):
            label = SessionLabel.parse(source.label)
            if label is not None:
                found.setdefault(label.session_id, []).append((source.label, source.id))
        return found

    # -- one thread ----------------------------------------------------------------------
    def _sweep(self, sweep: _Sweep, files: SessionFiles, thread: Thread) -> SweptThread:
        row = _RowMaker(thread)
        known = [sweep.ledger.get(session_key(m)) for m in thread.members]
        if not sweep.request.reindex and all(
            entry is not None and entry.fingerprint == member.fingerprint
            for entry, member in zip(known, thread.members, strict=True)
        ):
            first = known[0]
            assert first is not None
            parsed = SessionLabel.parse(first.label)
            return row(
                SweepStatus.UNCHANGED,
                reason="" if first.outcome == INDEXED else first.outcome,
                label=first.label,
                turns=first.turns,
                started=parsed.start if parsed else "",
            )
        last_active = datetime.fromtimestamp(thread.last_modified_ns / 1e9, tz=UTC)
        idle = sweep.now - last_active
        if idle > self._ttl:
            reason = f"last active {idle.days} days ago, past the {self._ttl.days}-day session TTL"
            return row(SweepStatus.SKIPPED, reason=reason)
        try:
            conversation = read_conversation(files, thread.members, sweep.request.should_stop)
        except OSError as error:
            return row(SweepStatus.SKIPPED, reason=f"unreadable: {error}", failed=True)
        started = start_stamp(conversation.started) or start_stamp(last_active.isoformat())
        pairs = conversation.pairs
        reason = skip_reason(pairs)
        note = _note(conversation.stats)
        if reason:
            if not sweep.request.dry_run:
                self._record(sweep, thread, reason, "", len(pairs))
            return row(
                SweepStatus.SKIPPED, reason=reason, turns=len(pairs), started=started, note=note
            )
        parts = session_parts(
            pairs,
            heading=f"{HEADINGS.get(thread.root.host, 'Session')} {started}",
            start=started,
            session_id=thread.root.session_id,
            max_source_bytes=self._max_source_bytes,
            redact=redact_secrets,
        )
        existing = [s for m in thread.members for s in sweep.sources.get(m.session_id, [])]
        status = SweepStatus.CHANGED if existing else SweepStatus.NEW
        label = str(parts[0].label)
        sections = sum(len(part.chunks) for part in parts)
        if not sweep.request.dry_run:
            try:
                sections = self._store_parts(parts)
            except CapyError as error:
                return row(SweepStatus.SKIPPED, reason=str(error), started=started, failed=True)
            wanted = {str(part.label) for part in parts}
            stale = [source_id for name, source_id in existing if name not in wanted]
            if stale:  # dropped once for the whole sweep, then recorded (``_drop_stale``)
                sweep.stale.extend(stale)
                sweep.waiting.append((thread, label, len(pairs)))
            else:
                self._record(sweep, thread, INDEXED, label, len(pairs))
        return row(
            status, label=label, turns=len(pairs), sections=sections, started=started, note=note
        )

    def _drop_stale(self, sweep: _Sweep) -> None:
        """Deletes the parts the sweep's threads no longer have in one call: a deletion purges,
        and a purge rewrites the full-text tables whatever it deletes (ADR 0168), so one per
        thread cost a rewrite each. The threads are recorded only after it: a sweep stopped
        before finds them again and computes their stale parts anew."""
        if sweep.stale:
            self._store.delete_sources(sweep.stale)
        for thread, label, turns in sweep.waiting:
            self._record(sweep, thread, INDEXED, label, turns)

    def _store_parts(self, parts: Sequence[SessionPart]) -> int:
        sections = 0
        for part in parts:
            result = self._index.execute(
                IndexRequest(
                    content=part.transcript.text,
                    label=str(part.label),
                    kind=SourceKind.SESSION,
                    content_type=ContentType.TRANSCRIPT,
                    chunks=part.chunks,
                )
            )
            sections += result.sections
        return sections

    def _record(self, sweep: _Sweep, thread: Thread, outcome: str, label: str, turns: int) -> None:
        entries = [
            SweptSession(
                key=session_key(member),
                fingerprint=member.fingerprint,
                swept_at=sweep.now,
                outcome=outcome,
                label=label,
                follows=sweep.follows.get(session_key(member), ""),
                turns=turns if member is thread.root else 0,
            )
            for member in thread.members
        ]
        self._ledger.record_swept(entries)


@attrs.frozen
class _Sweep:
    """What one run knows: its request, the ledger and sources as they were, its clock time."""

    request: SweepRequest
    ledger: Mapping[str, SweptSession]
    follows: Mapping[str, str]
    sources: Mapping[str, list[tuple[str, int]]]
    now: datetime
    stale: list[int] = attrs.field(factory=list)  # parts of threads swept, to delete
    waiting: list[tuple[Thread, str, int]] = attrs.field(factory=list)  # to record after


class _RowMaker:
    def __init__(self, thread: Thread) -> None:
        self._thread = thread

    def __call__(
        self,
        status: SweepStatus,
        *,
        reason: str = "",
        label: str = "",
        turns: int = 0,
        sections: int = 0,
        started: str = "",
        note: str = "",
        failed: bool = False,
    ) -> SweptThread:
        thread = self._thread
        return SweptThread(
            host=thread.root.host,
            session_id=thread.root.session_id,
            sessions=len(thread.members),
            started=started,
            size_bytes=thread.size,
            status=status,
            reason=reason,
            label=label,
            turns=turns,
            sections=sections,
            note=note,
            failed=failed,
        )
