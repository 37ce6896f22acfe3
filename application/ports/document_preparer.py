"""DocumentPreparer port: a document's Python side (redaction, chunks, vocabulary) as a stream.

A big document's chunks are cut while the store inserts the ones already cut: in a worker
process the two share no interpreter lock (ADR 0149). Small documents and tests prepare in
process.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Protocol

import attrs

from domain.chunk import Chunk
from domain.content_type import ContentType


class PreparationFailed(Exception):
    """The preparation stopped (a worker died, raised or went silent): whatever was stored of
    it is rolled back and the document is prepared again in process."""


@attrs.frozen
class PreparedHead:
    """What is known before the first chunk: the redacted text's type, hash and size."""

    content_type: ContentType
    note: str
    content_hash: str
    size_bytes: int


class PreparedDocument(Protocol):
    """One document being prepared. ``batches`` once, then ``vocabulary`` once; ``close`` always
    (it ends a worker still running). Raise ``PreparationFailed`` when the work stops."""

    @property
    def head(self) -> PreparedHead: ...

    def batches(self) -> Iterator[tuple[Chunk, ...]]: ...

    def vocabulary(self) -> Iterator[frozenset[str]]:
        """The document's vocabulary words in parts, no word in two (a big log's ids are
        ~100 k words: never all held at once by the process that stores them)."""
        ...

    def close(self) -> None: ...


class DocumentPreparer(Protocol):
    def prepare(
        self, content: str, wanted: ContentType | None, section_facts: str = ""
    ) -> PreparedDocument:
        """``content``: valid text, not yet redacted; ``wanted``: the type asked for, if any;
        ``section_facts``: words every chunk is also found by (``IndexRequest``'s)."""
        ...
