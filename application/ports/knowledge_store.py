"""KnowledgeStore port: the per-project knowledge base of sources and their chunks."""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Sequence
from datetime import datetime
from typing import Protocol, runtime_checkable

import attrs

from domain.chunk import Chunk
from domain.search.store_query import StoreQuery
from domain.search_hit import LayerHit, SearchScope
from domain.source import DocumentHead, IndexOutcome, Source, SourceDocument
from domain.source_kind import SourceKind


@attrs.frozen
class StoredChunk:
    """A chunk as stored, with its id (the same in every layer); the store allocates ids."""

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
    """Stores sources and their chunks; answers one search layer at a time.

    Rules every implementation keeps (the contract suite, ``tests/unit/store``, checks them):
    - ``index``: same label + same hash → touch only (``already_indexed``; a different kind is
      applied: promotion/demotion); same label + different hash → replaced atomically; two
      writers indexing one label never produce two sources. Chunk ids are allocated by the
      store, ascending in the document's order.
    - ``search``: ``query`` is a value built by the domain (``StoreQuery``: groups of plain-text
      alternatives, how they combine, which layer); the adapter renders it in its engine's own
      language, so no user text is ever syntax. Hits come best first, each with a
      ``relevance`` where higher is better, comparable within the call; ``within`` restricts to
      those chunk ids. A query the engine cannot run matches nothing.

    Keeping the store's files compact is not this port's business (``FileUpkeep``).
    """

    def index(self, document: SourceDocument) -> IndexOutcome: ...

    def index_streamed(
        self,
        head: DocumentHead,
        batches: Iterable[Sequence[Chunk]],
        vocabulary: Callable[[], Iterable[frozenset[str]]],
    ) -> IndexOutcome:
        """``index`` for a document whose chunks come in batches as they are cut, then its
        vocabulary in parts (no word in two; read once, after the batches): the same rows as
        ``index(head.document(all chunks, gathered_words(vocabulary())))``. One
        transaction: an exception from ``batches`` or ``vocabulary`` stores nothing of it and
        leaves a source it would replace as it was. A store may read the batches as they come
        or all first; with the label's content unchanged it may not read them at all."""
        ...

    def source_by_label(self, label: str) -> Source | None: ...

    def sources(self, kinds: Collection[SourceKind] | None = None) -> list[Source]: ...

    def source_counts(self, kinds: Collection[SourceKind] | None = None) -> dict[SourceKind, int]:
        """For each of ``kinds`` (every kind when ``None``; zero included) the number of sources
        ``sources([kind])`` would list, counted by the store without reading them."""
        ...

    def source_labels(self) -> list[str]:
        """The label of every source ``sources()`` lists, in no set order, read without the
        rest of each source's row."""
        ...

    def chunks_of(self, source_id: int) -> list[StoredChunk]: ...

    def search(
        self,
        query: StoreQuery,
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
        words layer matches it (stemmed by the layer's own stemmer; several tokens: as a
        phrase)."""
        ...

    def record_access(self, source_ids: Iterable[int], at: datetime) -> None: ...

    def delete_sources(self, source_ids: Iterable[int]) -> int: ...

    def stats(self) -> StoreStats: ...

    def close(self) -> None: ...
