"""Mapping between rows of ``sources`` and the domain's ``Source``; timestamps as UTC text."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from domain.content_type import ContentType
from domain.source import Source
from domain.source_kind import SourceKind

SOURCE_COLUMNS = (
    "id, label, kind, content_type, chunk_count, code_chunk_count, size_bytes, content_hash, "
    "indexed_at, last_accessed_at, access_count"
)


def to_text(at: datetime) -> str:
    """Sortable UTC text with microseconds (``YYYY-MM-DD HH:MM:SS.ffffff``)."""
    return at.astimezone(UTC).strftime("%Y-%m-%d %H:%M:%S.%f")


def from_text(text: str) -> datetime:
    return datetime.fromisoformat(text).replace(tzinfo=UTC)


def to_source(row: tuple[Any, ...]) -> Source:
    return Source(
        id=row[0],
        label=row[1],
        kind=SourceKind(row[2]),
        content_type=ContentType(row[3]),
        chunk_count=row[4],
        code_chunk_count=row[5],
        size_bytes=row[6],
        content_hash=row[7],
        indexed_at=from_text(row[8]),
        last_accessed_at=from_text(row[9]),
        access_count=row[10],
    )
