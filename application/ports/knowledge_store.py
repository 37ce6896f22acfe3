"""KnowledgeStore port: the per-project, encrypted full-text knowledge base."""

from __future__ import annotations

from collections.abc import Collection, Iterable, Sequence
from datetime import datetime
from typing import Protocol, runtime_checkable

import attrs

from domain.chunk import Chunk
from domain.search_hit import LayerHit, SearchLayer, SearchScope
from domain.source import IndexOutcome, Source, SourceDocument
from domain.source_kind import SourceKind


@attrs.frozen
class StoredChunk:
    """A chunk as stored, with its id (the same in both full-text layers)."""

    chunk_id: int
    source_id: int
    chunk: Chunk


@attrs.frozen
class StoreStats:
    sources_by_kind: dict[SourceKind, int]
    chunk_count: int
    vocabulary_size: int
    db_size_bytes: int


@runtime_checkable
class KnowledgeStore(Protocol):
    """Stores sources and their chunks; answers one full-text layer at a time.

    Rules every implementation keeps (the contract suite checks them):
    - ``index``: same label + same hash → touch only (``already_indexed``; a different kind is
      applied: promotion/demotion); same label + different hash → replaced atomically; two
      writers indexing one label never produce two sources.
    - ``search``: ``match`` is an FTS5 expression built by the domain sanitiser (never raw user
      text); results ordered best first; ``within`` restricts to those chunk ids.
    """

    def index(self, document: SourceDocument) -> IndexOutcome: ...

    def source_by_label(self, label: str) -> Source | None: ...

    def sources(self, kinds: Collection[SourceKind] | None = None) -> list[Source]: ...

    def chunks_of(self, source_id: int) -> list[StoredChunk]: ...

    def search(
        self,
        layer: SearchLayer,
        match: str,
        scope: SearchScope,
        limit: int,
        within: Sequence[int] | None = None,
    ) -> list[LayerHit]: ...

    def vocabulary_between(self, min_length: int, max_length: int) -> list[str]:
        """Vocabulary words whose length lies in [min_length, max_length] (fuzzy correction)."""
        ...

    def has_word(self, word: str) -> bool: ...

    def chunk_frequencies(self, words: Sequence[str]) -> tuple[int, tuple[int, ...]]:
        """How many chunks the store holds, and for each word how many of them hold it as the
        full-text index indexes it (stemmed by the index's own stemmer; several tokens: as a
        phrase)."""
        ...

    def record_access(self, source_ids: Iterable[int], at: datetime) -> None: ...

    def delete_sources(self, source_ids: Iterable[int]) -> int: ...

    def stats(self) -> StoreStats: ...

    def free_page_ratio(self) -> float: ...

    def vacuum(self) -> None: ...

    def checkpoint(self) -> None: ...

    def release_memory(self) -> None:
        """Drop what the calling thread's connection caches (its page cache), e.g. after a
        long run of writes on a background thread; later use reads pages in again."""
        ...

    def close(self) -> None: ...
