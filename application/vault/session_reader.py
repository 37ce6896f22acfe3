"""Reading one session from disk into what the vault keeps, in one pass per file.

Every file of a session is read once: its bytes go to the content hash and the codec (the
archived blob) while its lines go to the scanner (the search rows). A transcript is taken up
to its last line break — a line still being written is left for the next import. Memory holds
the encoded blobs and the search rows, never a whole raw file besides.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from pathlib import Path

import attrs

from application.ports.codec import BlobEncoder, Codec
from application.ports.session_files import SessionFiles
from domain.errors import InvalidInput
from domain.sessions.files import SessionFile, Sidecar
from domain.vault.digest import SessionDigest
from domain.vault.importing import SIDECAR_CAP_BYTES
from domain.vault.indexing import INDEX_VERSION
from domain.vault.paths import refusal, unmangle
from domain.vault.scanner import SessionScanner
from domain.vault.session import (
    MAIN_FILE_SUFFIX,
    ArchivedFile,
    ArchivedSession,
    VaultSession,
)

SUBAGENTS = "subagents/"


@attrs.frozen
class PlannedFile:
    """One file to archive: its key (``<uuid>.jsonl`` or its path under ``<uuid>/``), how many
    of its bytes, whether it is a transcript (scanned for search rows) and, for a subagent's
    transcript, the subagent's id."""

    key: str
    path: Path
    length: int
    transcript: bool
    subagent_id: str = ""


@attrs.frozen
class SessionPlan:
    uuid: str
    project_folder: str
    files: tuple[PlannedFile, ...]

    @property
    def size(self) -> int:
        return sum(f.length for f in self.files)

    @property
    def main_length(self) -> int:
        main = f"{self.uuid}{MAIN_FILE_SUFFIX}"
        return next((f.length for f in self.files if f.key == main), 0)


class _Counted:
    """Hands bytes on to the digest and the encoder, counting them."""

    def __init__(self, digest: SessionDigest, encoder: BlobEncoder | None) -> None:
        self._digest = digest
        self._encoder = encoder
        self.count = 0

    def __call__(self, data: bytes) -> None:
        self.count += len(data)
        self._digest.update(data)
        if self._encoder is not None:
            self._encoder.write(data)


class SessionReader:
    """``plan`` a session (cheap: sizes, and a look at each transcript's end), hash it, or
    read it whole into an ``ArchivedSession``."""

    def __init__(
        self,
        files: SessionFiles,
        codec: Codec,
        machine_id: Callable[[], str],
        list_directories: Callable[[str], list[str]],
    ) -> None:
        self._files = files
        self._codec = codec
        self._machine_id = machine_id
        self._list_directories = list_directories

    def plan(self, session: SessionFile) -> SessionPlan:
        uuid = session.session_id
        main_key = f"{uuid}{MAIN_FILE_SUFFIX}"
        planned = [
            PlannedFile(
                main_key,
                session.path,
                self._files.complete_length(session.path, session.size),
                True,
            )
        ]
        keys = {main_key}
        for sidecar in session.sidecars:
            entry = self._planned(sidecar, sidecar.relative_path)
            if entry is not None:
                planned.append(entry)
                keys.add(entry.key)
        for legacy in session.legacy_subagents:  # older Claude Code: beside the session file
            key = f"{SUBAGENTS}{legacy.relative_path}"
            entry = self._planned(legacy, key) if key not in keys else None
            if entry is not None:
                planned.append(entry)
        planned.sort(key=lambda f: f.key)
        return SessionPlan(uuid, session.project_dir.name, tuple(planned))

    def _planned(self, sidecar: Sidecar, key: str) -> PlannedFile | None:
        if key.startswith(SUBAGENTS) and key.endswith(MAIN_FILE_SUFFIX) and sidecar.agent_id:
            length = self._files.complete_length(sidecar.path, sidecar.size)
            return PlannedFile(key, sidecar.path, length, True, sidecar.agent_id)
        if sidecar.size > SIDECAR_CAP_BYTES:
            return None
        return PlannedFile(key, sidecar.path, sidecar.size, False)

    def content_hash(self, plan: SessionPlan) -> str:
        digest = SessionDigest()
        for planned in plan.files:
            digest.begin_file(planned.key, planned.length)
            self._files.copy_bytes(planned.path, planned.length, _Counted(digest, None))
        return digest.hexdigest()

    def archive(self, plan: SessionPlan, now: datetime) -> tuple[ArchivedSession, int]:
        """The session as the vault keeps it, and how many user/assistant messages it has."""
        digest = SessionDigest()
        scanner = SessionScanner()
        main = None
        sidecars = []
        for planned in plan.files:
            digest.begin_file(planned.key, planned.length)
            encoder = self._codec.encoder()
            sink = _Counted(digest, encoder)
            if planned.transcript:
                records = self._files.archive_records(planned.path, planned.length, sink)
                scanner.scan(records, planned.subagent_id)
            else:
                self._files.copy_bytes(planned.path, planned.length, sink)
            if sink.count != planned.length:
                raise OSError(f"{planned.path} changed while it was read")
            blob = encoder.finish()
            if planned.key == f"{plan.uuid}{MAIN_FILE_SUFFIX}":
                main = blob
            else:
                sidecars.append(ArchivedFile(planned.key, blob))
        assert main is not None
        scanned = scanner.finish()
        summary = scanned.summary
        session = VaultSession(
            uuid=plan.uuid,
            content_hash=digest.hexdigest(),
            size_bytes=digest.total_bytes,
            machine_id=self._machine_id(),
            claude_project_dir=plan.project_folder,
            project_path=summary.cwd or self._project_path(plan.project_folder),
            archived_at=now,
            title=summary.title,
            start_time=summary.start_time,
            end_time=summary.end_time,
            message_count=summary.message_count,
            git_branch=summary.git_branch,
            index_version=INDEX_VERSION,
        )
        why = refusal(session, (f.relative_path for f in sidecars))
        if why is not None:
            raise InvalidInput(f"{why}: a restore could write outside its folder", "it was skipped")
        archived = ArchivedSession(session, main, tuple(sidecars), scanned.messages)
        return archived, summary.message_count

    def _project_path(self, folder: str) -> str:
        return unmangle(folder, self._list_directories) or folder
