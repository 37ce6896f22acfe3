"""Building archived sessions for vault tests."""

from __future__ import annotations

from datetime import UTC, datetime

from domain.vault.blob import BlobEncoding, EncodedBlob
from domain.vault.digest import session_hash
from domain.vault.indexing import INDEX_VERSION
from domain.vault.session import (
    ArchivedFile,
    ArchivedSession,
    MessageRole,
    VaultMessage,
    VaultSession,
)

T0 = datetime(2026, 3, 1, 9, 0, tzinfo=UTC)


def at(day: int, hour: int = 9) -> datetime:
    return datetime(2026, 3, day, hour, tzinfo=UTC)


def archived(
    uuid: str,
    *,
    texts: tuple[tuple[MessageRole, str], ...] = ((MessageRole.USER, "hello vault"),),
    main: bytes = b'{"type":"user"}\n',
    files: dict[str, bytes] | None = None,
    project: str = "/home/dev/app",
    end: datetime | None = None,
    machine: str = "machine-a",
    encoding: BlobEncoding = BlobEncoding.RAW,
    index_version: int = INDEX_VERSION,
    title: str | None = "a session",
) -> ArchivedSession:
    files = files or {}
    everything = {f"{uuid}.jsonl": main, **files}
    session = VaultSession(
        uuid=uuid,
        content_hash=session_hash(everything),
        size_bytes=sum(len(v) for v in everything.values()),
        machine_id=machine,
        claude_project_dir=project.replace("/", "-"),
        project_path=project,
        archived_at=T0,
        title=title,
        start_time=(end or T0),
        end_time=end or T0,
        message_count=len(texts),
        index_version=index_version,
    )
    messages = tuple(
        VaultMessage(role=role, text=text, line_index=n, turn_index=n)
        for n, (role, text) in enumerate(texts)
    )
    return ArchivedSession(
        session=session,
        main=EncodedBlob(encoding, main),
        files=tuple(
            ArchivedFile(name, EncodedBlob(BlobEncoding.RAW, data))
            for name, data in sorted(files.items())
        ),
        messages=messages,
    )
