"""Building SourceDocuments for store tests."""

from __future__ import annotations

import hashlib

from domain.chunk import Chunk
from domain.content_type import ContentType
from domain.source import SourceDocument
from domain.source_kind import SourceKind


def document(
    label: str,
    *chunks: tuple[str, str] | Chunk,
    kind: SourceKind = SourceKind.DURABLE,
    vocabulary: frozenset[str] = frozenset(),
) -> SourceDocument:
    built = tuple(c if isinstance(c, Chunk) else Chunk(title=c[0], content=c[1]) for c in chunks)
    text = "\n".join(c.title + "\n" + c.content for c in built)
    return SourceDocument(
        label=label,
        kind=kind,
        content_type=ContentType.MARKDOWN,
        content_hash=hashlib.sha256(text.encode()).hexdigest(),
        size_bytes=len(text.encode()),
        chunks=built,
        vocabulary=vocabulary,
    )
