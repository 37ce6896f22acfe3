"""Indexed sources and the outcome of indexing one."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from collections.abc import Set as AbstractSet
from datetime import datetime

import attrs

from domain.chunk import Chunk
from domain.content_type import ContentType
from domain.source_kind import SourceKind


@attrs.frozen
class SourceDocument:
    """A document ready to store: already redacted, chunked and hashed by the index use case."""

    label: str
    kind: SourceKind
    content_type: ContentType
    content_hash: str
    size_bytes: int
    chunks: tuple[Chunk, ...]
    vocabulary: frozenset[str] = frozenset()


@attrs.frozen
class Source:
    """One indexed document as the store knows it."""

    id: int
    label: str
    kind: SourceKind
    content_type: ContentType
    chunk_count: int
    code_chunk_count: int
    size_bytes: int
    content_hash: str
    indexed_at: datetime
    last_accessed_at: datetime
    access_count: int
    # Held by a team's shared store (every member's knowledge), not this machine's own file:
    # local retention never removes it unasked (ADR 0096).
    shared: bool = False


@attrs.frozen
class IndexOutcome:
    """What indexing did: ``already_indexed`` means the same label held the same content."""

    source: Source
    already_indexed: bool
    replaced: bool = False

    @property
    def chunk_count(self) -> int:
        return self.source.chunk_count


@attrs.frozen
class DocumentHead:
    """What a store needs of a document before its chunks: a big one's chunks then come in
    batches (``KnowledgeStore.index_streamed``) while the rest of it is still being cut."""

    label: str
    kind: SourceKind
    content_type: ContentType
    content_hash: str
    size_bytes: int

    def document(
        self, chunks: tuple[Chunk, ...], vocabulary: frozenset[str] = frozenset()
    ) -> SourceDocument:
        return SourceDocument(
            label=self.label,
            kind=self.kind,
            content_type=self.content_type,
            content_hash=self.content_hash,
            size_bytes=self.size_bytes,
            chunks=chunks,
            vocabulary=vocabulary,
        )


def gathered(batches: Iterable[Sequence[Chunk]]) -> tuple[Chunk, ...]:
    """A streamed document's chunks held whole, for a store that inserts them at once."""
    return tuple(piece for batch in batches for piece in batch)


def gathered_words(parts: Iterable[AbstractSet[str]]) -> frozenset[str]:
    """A streamed document's vocabulary parts held as one set, for a store that adds them at
    once."""
    return frozenset().union(*parts)
