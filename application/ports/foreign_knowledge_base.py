"""ForeignKnowledgeBase port: a knowledge base the Go capy wrote, read-only, source by source."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Protocol, runtime_checkable

import attrs

from domain.chunk import Chunk
from domain.content_type import ContentType
from domain.source_kind import SourceKind


@attrs.frozen
class ForeignSource:
    """One source as the other capy stored it: its label, kind, content type and sections."""

    label: str
    kind: SourceKind
    content_type: ContentType
    chunks: tuple[Chunk, ...]


@runtime_checkable
class ForeignKnowledgeBase(Protocol):
    """Nothing in it is ever written; sources come one at a time, in the order they were
    indexed there, each with its sections in their order."""

    def count(self) -> int:
        """How many sources it holds."""
        ...

    def sources(self) -> Iterator[ForeignSource]: ...

    def close(self) -> None: ...


class ForeignKnowledgeBases(Protocol):
    """Opens one: ``key`` None for a file stored unencrypted."""

    def __call__(self, path: Path, key: str | None) -> ForeignKnowledgeBase: ...
