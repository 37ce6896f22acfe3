"""ChunkVectors port: the semantic layer's vectors, stored beside the chunks they stand for."""

from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import Protocol, runtime_checkable

import attrs

from domain.embedding_text import passages
from domain.source_kind import SourceKind


@attrs.frozen
class PendingText:
    """A chunk text no vector of the model is stored for yet."""

    text_hash: str
    title: str
    content: str

    @property
    def passages(self) -> list[str]:
        return passages(self.title, self.content)


@attrs.frozen
class EmbeddingProgress:
    """How many chunks (of the kinds asked about) have a vector, and which sources lack some."""

    embedded: int
    total: int
    waiting_sources: tuple[str, ...] = ()

    @property
    def complete(self) -> bool:
        return self.embedded >= self.total


@runtime_checkable
class ChunkVectors(Protocol):
    """Vectors keyed by (model, hash of the chunk's text), one per passage of it — see
    ``domain.embedding_text``.

    Rules every implementation keeps:
    - ``pending`` returns each distinct text once, only texts of chunks of ``kinds`` that no
      vector of ``model`` is stored for (a text already embedded for another chunk is not),
      oldest chunk first; with ``max_chunks`` only of sources of at most that many chunks;
      with ``labels`` only of the sources of those labels (what one command just indexed);
    - ``store_vectors`` stores each hash's passage vectors, in order; a hash already stored
      keeps its first vectors;
    - ``any_vectors`` says whether any chunk has a vector of ``model`` (cheaply: a search asks
      it before embedding its question); the vectors are searched through
      ``KnowledgeStore.search`` with a ``SEMANTIC`` query (``StoreQuery.by_meaning``): every
      embedded chunk in scope scored by its nearest passage's cosine, best first, only above
      the query's floor;
    - ``forget_unused`` drops vectors no chunk's text has any more.
    """

    def pending(
        self,
        model: str,
        kinds: Collection[SourceKind],
        limit: int,
        max_chunks: int | None = None,
        labels: Collection[str] | None = None,
    ) -> list[PendingText]: ...

    def store_vectors(self, model: str, vectors: Sequence[tuple[str, Sequence[bytes]]]) -> None: ...

    def embedding_progress(
        self, model: str, kinds: Collection[SourceKind], labels: Collection[str] | None = None
    ) -> EmbeddingProgress: ...

    def any_vectors(self, model: str) -> bool: ...

    def forget_unused(self, model: str) -> int: ...
