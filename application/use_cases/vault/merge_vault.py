"""Merging another vault into this one: a union that never loses a session or a byte."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import attrs

from application.ports.codec import Codec
from application.ports.vault_source import VaultSource, VaultSources
from application.ports.vault_store import VaultStore
from application.runs import never, unwatched
from application.vault.batches import ArchiveBatches
from application.vault.stored_session import StoredSessionReader
from domain.errors import CapyError, InvalidInput
from domain.vault.blob import BlobEncoding, EncodedBlob
from domain.vault.importing import ImportProgress, ImportStatus, SessionOutcome, judge
from domain.vault.indexing import INDEX_VERSION
from domain.vault.merging import MergeReport
from domain.vault.paths import refusal
from domain.vault.session import ArchivedFile, ArchivedSession, StoredFile, VaultSession

Progress = Callable[[ImportProgress, SessionOutcome | None], None]


@attrs.frozen
class MergeRequest:
    """``key`` opens the source (None: it is stored unencrypted); ``project`` keeps sessions
    whose project path contains it (any case); ``dry_run`` decides without writing."""

    source: Path
    key: str | None
    project: str | None = None
    dry_run: bool = False


class MergeVault:
    """Every session of the source this vault lacks is added; one both hold is decided as an
    import decides (the larger copy wins, the same content is skipped). A merged session keeps
    the metadata the source recorded (title, times, machine, project, archived time); its bytes
    are checked against the hash recorded with them, stored through this vault's codec, and
    its search rows are scanned afresh (the source's index, if any, is never copied). Only this
    vault is written, in batches like an import's, so a concurrent import simply waits its
    turn, and a kill leaves whole sessions."""

    def __init__(
        self,
        store: VaultStore,
        codec: Codec,
        reader: StoredSessionReader,
        open_source: VaultSources,
    ) -> None:
        self._store = store
        self._codec = codec
        self._reader = reader
        self._open_source = open_source

    def execute(
        self,
        request: MergeRequest,
        progress: Progress = unwatched,
        stop: Callable[[], bool] = never,
    ) -> MergeReport:
        source = self._open_source(request.source, request.key)
        try:
            return self._merge(source, request, progress, stop)
        finally:
            source.close()

    def _merge(
        self,
        source: VaultSource,
        request: MergeRequest,
        progress: Progress,
        stop: Callable[[], bool],
    ) -> MergeReport:
        offered = source.sessions()
        if request.project:
            wanted = request.project.lower()
            offered = [s for s in offered if wanted in s.project_path.lower()]
        stored = self._store.digests()
        batch = ArchiveBatches(self._store.save)
        total_bytes = sum(s.size_bytes for s in offered)
        done_bytes = 0
        cancelled = False
        progress(ImportProgress(0, len(offered), 0, total_bytes), None)
        for number, session in enumerate(offered, start=1):
            if stop():
                cancelled = True
                break
            verdict = judge(stored.get(session.uuid), session.size_bytes, session.content_hash)
            status = verdict.status or ImportStatus.UPDATED
            outcome = SessionOutcome(
                session.uuid, status, session.project_path, session.size_bytes, session.title
            )
            archived = None
            if status is ImportStatus.SKIPPED:
                outcome = attrs.evolve(
                    outcome, detail=verdict.reason.value if verdict.reason else ""
                )
            elif not request.dry_run:
                try:
                    archived = self._bring(source, session)
                except (CapyError, OSError) as error:
                    outcome = attrs.evolve(outcome, status=ImportStatus.ERROR, detail=str(error))
            batch.add(outcome, archived)
            done_bytes += session.size_bytes
            progress(ImportProgress(number, len(offered), done_bytes, total_bytes), outcome)
        batch.flush()
        return MergeReport(
            outcomes=tuple(batch.outcomes),
            discovered=len(offered),
            dry_run=request.dry_run,
            cancelled=cancelled,
            source=source.description,
        )

    def _bring(self, source: VaultSource, session: VaultSession) -> ArchivedSession:
        stored: tuple[StoredFile, ...] = ()
        why = refusal(session)
        if why is None:
            stored = tuple(source.files(session.uuid))
            why = refusal(session, (f.relative_path for f in stored))
        if why is not None:
            raise InvalidInput(
                f"{why}: a restore could write outside its folder",
                "it was not merged; the rest of the source was",
            )
        main = self._encoded(source.main_blob(session.uuid))
        files = tuple(ArchivedFile(f.relative_path, self._encoded(f.blob)) for f in stored)
        read = self._reader.read(
            session.uuid, main, (StoredFile(f.relative_path, f.blob) for f in files)
        )
        if (read.content_hash, read.size_bytes) != (
            session.content_hash.lower(),
            session.size_bytes,
        ):
            raise InvalidInput(
                "its files do not match the hash recorded with them (damaged in the source?)",
                "it was not merged; the rest of the source was",
            )
        merged = attrs.evolve(session, index_version=INDEX_VERSION)
        return ArchivedSession(merged, main, files, read.scan.messages)

    def _encoded(self, blob: EncodedBlob) -> EncodedBlob:
        """Raw rows through this vault's codec; compressed ones kept as they are, unless this
        vault writes raw (``CAPY_VAULT_NO_COMPRESS``)."""
        if blob.encoding is BlobEncoding.RAW and self._codec.compresses:
            return self._codec.encode(blob.data)
        if blob.encoding is not BlobEncoding.RAW and not self._codec.compresses:
            return EncodedBlob(BlobEncoding.RAW, self._codec.decode(blob))
        return blob
