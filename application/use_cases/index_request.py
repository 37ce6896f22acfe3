"""What the ``IndexContent`` use case takes and gives back."""

from __future__ import annotations

import attrs

from application.use_cases.held_text import HeldText
from domain.chunk import Chunk
from domain.content_type import ContentType
from domain.source_kind import SourceKind


@attrs.frozen
class IndexRequest:
    """A document to index.

    ``content_type=None`` auto-detects. ``chunks`` lets a caller that already knows the
    document's structure (the session indexer's transcripts) supply its own sections; they are
    redacted like everything else and ``content`` is still what gets hashed and size-checked.
    ``replace=False`` keeps a source already indexed under the label with other content.
    ``section_facts`` (without ``chunks``): words every section is also found by, put before
    its own facts (the command that printed an output); the sections are then stored as
    supplied ones are. ``content`` given as a ``HeldText`` is held packed while a worker process
    prepares it (a caller that reads it again after holds the box, not the text).
    """

    content: str | HeldText
    label: str
    kind: SourceKind = SourceKind.DURABLE
    content_type: ContentType | None = None
    chunks: tuple[Chunk, ...] | None = None
    replace: bool = True
    section_facts: str = ""


@attrs.frozen
class IndexResult:
    """What indexing did.

    ``sections``/``code_sections`` are the source's real chunk counts, also when the same
    content was already indexed under this label (``already_indexed``). ``replaced`` means the
    label held different content, now gone; ``kept`` that it held different content and was
    left as it was (``replace=False``). ``note`` explains a fallback (e.g. malformed JSON
    indexed as plaintext).
    """

    label: str
    kind: SourceKind
    content_type: ContentType
    sections: int
    code_sections: int
    size_bytes: int
    already_indexed: bool
    replaced: bool
    note: str = ""
    kept: bool = False
