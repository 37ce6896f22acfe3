"""Mapping between rows of ``capy.sources`` and the domain's ``Source``."""

from __future__ import annotations

from datetime import UTC
from typing import Any

from domain.content_type import ContentType
from domain.source import Source
from domain.source_kind import SourceKind

SOURCE_COLUMNS = (
    "id, label, kind, content_type, chunk_count, code_chunk_count, size_bytes, content_hash, "
    "indexed_at, last_accessed_at, access_count"
)


def clean(text: str) -> str:
    """PostgreSQL's text holds no NUL character (SQLite's does): it is stored as U+FFFD."""
    return text.replace("\x00", "\ufffd") if "\x00" in text else text


def to_source(row: tuple[Any, ...]) -> Source:
    return Source(
        id=int(row[0]),
        label=row[1],
        kind=SourceKind(row[2]),
        content_type=ContentType(row[3]),
        chunk_count=row[4],
        code_chunk_count=row[5],
        size_bytes=int(row[6]),
        content_hash=row[7],
        indexed_at=row[8].astimezone(UTC),
        last_accessed_at=row[9].astimezone(UTC),
        access_count=row[10],
    )
