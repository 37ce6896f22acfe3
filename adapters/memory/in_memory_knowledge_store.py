"""A knowledge store in plain Python dicts, keeping the SQLCipher store's behaviour contract."""

from __future__ import annotations

import threading
from array import array
from collections.abc import Callable, Collection, Iterable, Sequence
from datetime import datetime

import attrs

from adapters.memory.fts_layers import Layer, PorterLayer, TrigramLayer
from adapters.memory.fts_ranking import bm25_scores, matches
from adapters.memory.vector_scores import dot, unpack
from adapters.system_clock import SystemClock
from application.ports.chunk_vectors import ChunkVectors, EmbeddingProgress, PendingText
from application.ports.clock import Clock
from application.ports.file_upkeep import FileUpkeep
from application.ports.knowledge_store import KnowledgeStore, StoredChunk, StoreStats
from domain.chunk import Chunk
from domain.embedding_text import text_hash
from domain.search.store_query import Combine, Meaning, StoreQuery
from domain.search_hit import LayerHit, SearchLayer, SearchScope
from domain.source import (
    DocumentHead,
    IndexOutcome,
    Source,
    SourceDocument,
    gathered,
    gathered_words,
)
from domain.source_kind import SourceKind
from domain.vault.query_grammar import And, Or, Phrase, VaultMatch


class InMemoryKnowledgeStore(KnowledgeStore, ChunkVectors, FileUpkeep):
    """Sources, chunks and vocabulary in dicts; both layers matched directly, ranked as the
    SQLCipher store's FTS5 would (see ``fts_*``); vectors scored in plain Python.

    Thread-safe through one lock. ``db_size_bytes`` is the stored text's UTF-8 size.
    """

    def __init__(self, clock: Clock | None = None, title_weight: float = 2.0) -> None:
        self._clock = clock or SystemClock()
        self._title_weight = title_weight
        self._lock = threading.RLock()
        self._sources: dict[int, Source] = {}
        self._chunks: dict[int, StoredChunk] = {}
        self._vocabulary: set[str] = set()
        self._layers: dict[SearchLayer, Layer] = {
            SearchLayer.WORDS: PorterLayer(),
            SearchLayer.SUBSTRINGS: TrigramLayer(),
        }
        self._next_source_id = 1
        self._next_chunk_id = 1
        self._vectors: dict[tuple[str, str], list[array[float]]] = {}  # (model, text hash)

    def index_streamed(
        self,
        head: DocumentHead,
        batches: Iterable[Sequence[Chunk]],
        vocabulary: Callable[[], Iterable[frozenset[str]]],
    ) -> IndexOutcome:
        return self.index(head.document(gathered(batches), gathered_words(vocabulary())))

    def index(self, document: SourceDocument) -> IndexOutcome:
        now = self._clock.now()
        with self._lock:
            existing = self.source_by_label(document.label)
            if existing is not None and existing.content_hash == document.content_hash:
                touched = attrs.evolve(existing, kind=document.kind, last_accessed_at=now)
                self._sources[existing.id] = touched
                return IndexOutcome(source=touched, already_indexed=True)
            if existing is not None:
                self._delete(existing.id)
            source = self._insert(document, now)
            self._vocabulary.update(document.vocabulary)
            return IndexOutcome(source=source, already_indexed=False, replaced=existing is not None)

    def _insert(self, document: SourceDocument, now: datetime) -> Source:
        source = Source(
            id=self._next_source_id,
            label=document.label,
            kind=document.kind,
            content_type=document.content_type,
            chunk_count=len(document.chunks),
            code_chunk_count=sum(1 for chunk in document.chunks if chunk.has_code),
            size_bytes=document.size_bytes,
            content_hash=document.content_hash,
            indexed_at=now,
            last_accessed_at=now,
            access_count=0,
        )
        self._next_source_id += 1
        self._sources[source.id] = source
        for chunk in document.chunks:
            chunk_id = self._next_chunk_id
            self._next_chunk_id += 1
            self._chunks[chunk_id] = StoredChunk(chunk_id, source.id, chunk)
            for layer in self._layers.values():
                layer.add(chunk_id, chunk.title, chunk.content, chunk.facts)
        return source

    def _delete(self, source_id: int) -> bool:
        if self._sources.pop(source_id, None) is None:
            return False
        for chunk_id in [c.chunk_id for c in self._chunks.values() if c.source_id == source_id]:
            del self._chunks[chunk_id]
            for layer in self._layers.values():
                layer.remove(chunk_id)
        return True

    def source_by_label(self, label: str) -> Source | None:
        with self._lock:
            return next((s for s in self._sources.values() if s.label == label), None)

    def sources(self, kinds: Collection[SourceKind] | None = None) -> list[Source]:
        with self._lock:
            return [s for s in self._sources.values() if kinds is None or s.kind in kinds]

    def source_counts(self, kinds: Collection[SourceKind] | None = None) -> dict[SourceKind, int]:
        with self._lock:
            counts = dict.fromkeys(SourceKind if kinds is None else kinds, 0)
            for source in self._sources.values():
                if source.kind in counts:
                    counts[source.kind] += 1
            return counts

    def source_labels(self) -> list[str]:
        with self._lock:
            return [s.label for s in self._sources.values()]

    def chunks_of(self, source_id: int) -> list[StoredChunk]:
        with self._lock:
            return [c for c in self._chunks.values() if c.source_id == source_id]

    def search(
        self,
        query: StoreQuery,
        scope: SearchScope,
        limit: int,
        within: Sequence[int] | None = None,
    ) -> list[LayerHit]:
        if query.meaning is not None:
            with self._lock:
                return self._nearest(query.meaning, scope, limit)
        layer = self._layers.get(query.layer)
        if layer is None or not query.groups:
            return []
        with self._lock:
            return self._search(layer, _tree(query), scope, limit, within)

    def _search(
        self,
        layer: Layer,
        expression: VaultMatch,
        scope: SearchScope,
        limit: int,
        within: Sequence[int] | None,
    ) -> list[LayerHit]:
        allowed = set(within) if within is not None else None
        candidates = [
            stored
            for stored in self._chunks.values()
            if (allowed is None or stored.chunk_id in allowed)
            and _in_scope(self._sources[stored.source_id], scope)
            and matches(expression, layer, stored.chunk_id)
        ]
        scores = bm25_scores(
            expression,
            layer,
            [c.chunk_id for c in candidates],
            list(self._chunks),
            self._title_weight,
        )
        candidates.sort(key=lambda c: (-scores[c.chunk_id], c.chunk_id))
        hits = []
        for stored in candidates[: max(limit, 0)]:
            source = self._sources[stored.source_id]
            chunk = stored.chunk
            hits.append(
                LayerHit(
                    chunk_id=stored.chunk_id,
                    source_id=source.id,
                    label=source.label,
                    kind=source.kind,
                    title=chunk.title,
                    content=chunk.content,
                    has_code=chunk.has_code,
                    relevance=scores[stored.chunk_id],
                    facts=chunk.facts,
                )
            )
        return hits

    def vocabulary_between(self, min_length: int, max_length: int) -> list[str]:
        with self._lock:
            return sorted(w for w in self._vocabulary if min_length <= len(w) <= max_length)

    def has_word(self, word: str) -> bool:
        with self._lock:
            return word in self._vocabulary

    def chunk_frequencies(self, words: Sequence[str]) -> tuple[int, tuple[int, ...]]:
        with self._lock:
            porter = self._layers[SearchLayer.WORDS]
            assert isinstance(porter, PorterLayer)
            return len(self._chunks), tuple(porter.documents_holding(word) for word in words)

    def record_access(self, source_ids: Iterable[int], at: datetime) -> None:
        with self._lock:
            for source_id in set(source_ids):
                source = self._sources.get(source_id)
                if source is not None:
                    self._sources[source_id] = attrs.evolve(
                        source, access_count=source.access_count + 1, last_accessed_at=at
                    )

    def delete_sources(self, source_ids: Iterable[int]) -> int:
        with self._lock:
            return sum(1 for source_id in set(source_ids) if self._delete(source_id))

    def stats(self) -> StoreStats:
        with self._lock:
            text_bytes = sum(
                len(c.chunk.title.encode()) + len(c.chunk.content.encode())
                for c in self._chunks.values()
            )
            return StoreStats(
                sources_by_kind=self.source_counts(),
                chunk_count=len(self._chunks),
                vocabulary_size=len(self._vocabulary),
                db_size_bytes=text_bytes,
            )

    def free_share(self) -> float:
        return 0.0

    def compact(self) -> None:
        """Drops vocabulary words that no stored chunk matches any more (as the SQLite store)."""
        with self._lock:
            porter = self._layers[SearchLayer.WORDS]
            self._vocabulary = {
                word
                for word in self._vocabulary
                if any(matches(_phrase(word), porter, cid) for cid in self._chunks)
            }

    def checkpoint(self, *, required: bool = True) -> None:
        return None

    def release_memory(self) -> None:
        return None  # nothing is cached apart from the data itself

    def drop_cached_pages(self) -> None:
        return None

    def close(self) -> None:
        return None

    def _texts(
        self, kinds: Collection[SourceKind] | None, labels: Collection[str] | None = None
    ) -> list[tuple[StoredChunk, str]]:
        """(chunk, hash of its text) of the chunks of ``kinds`` (and ``labels``), in id order."""
        found = []
        for stored in sorted(self._chunks.values(), key=lambda c: c.chunk_id):
            source = self._sources[stored.source_id]
            if (kinds is None or source.kind in kinds) and (
                labels is None or source.label in labels
            ):
                found.append((stored, text_hash(stored.chunk.title, stored.chunk.content)))
        return found

    def pending(
        self,
        model: str,
        kinds: Collection[SourceKind],
        limit: int,
        max_chunks: int | None = None,
        labels: Collection[str] | None = None,
    ) -> list[PendingText]:
        with self._lock:
            waiting: dict[str, StoredChunk] = {}
            for stored, digest in self._texts(kinds, labels):
                source = self._sources[stored.source_id]
                small = max_chunks is None or source.chunk_count <= max_chunks
                if small and (model, digest) not in self._vectors and len(waiting) < limit:
                    waiting.setdefault(digest, stored)
            return [
                PendingText(digest, stored.chunk.title, stored.chunk.content)
                for digest, stored in waiting.items()
            ]

    def store_vectors(self, model: str, vectors: Sequence[tuple[str, Sequence[bytes]]]) -> None:
        with self._lock:
            for digest, parts in vectors:
                self._vectors.setdefault((model, digest), [unpack(v) for v in parts])

    def embedding_progress(
        self, model: str, kinds: Collection[SourceKind], labels: Collection[str] | None = None
    ) -> EmbeddingProgress:
        with self._lock:
            embedded = total = 0
            waiting: dict[str, None] = {}
            for stored, digest in self._texts(kinds, labels):
                total += 1
                if (model, digest) in self._vectors:
                    embedded += 1
                else:
                    waiting[self._sources[stored.source_id].label] = None
            return EmbeddingProgress(embedded, total, tuple(waiting))

    def any_vectors(self, model: str) -> bool:
        with self._lock:
            return any(key[0] == model for key in self._vectors)

    def _nearest(self, meaning: Meaning, scope: SearchScope, limit: int) -> list[LayerHit]:
        query = unpack(meaning.vector)
        scored = []
        for stored, digest in self._texts(None):
            source = self._sources[stored.source_id]
            held = self._vectors.get((meaning.model, digest))
            if held is not None and _in_scope(source, scope):
                score = max(dot(part, query) for part in held)
                if score > meaning.floor:
                    scored.append((-score, stored.chunk_id, stored, source))
        scored.sort(key=lambda item: (item[0], item[1]))
        return [
            LayerHit(
                chunk_id=stored.chunk_id,
                source_id=source.id,
                label=source.label,
                kind=source.kind,
                title=stored.chunk.title,
                content=stored.chunk.content,
                has_code=stored.chunk.has_code,
                relevance=-negated,
                facts=stored.chunk.facts,
            )
            for negated, _, stored, source in scored[: max(limit, 0)]
        ]

    def forget_unused(self, model: str) -> int:
        with self._lock:
            used = {digest for _, digest in self._texts(None)}
            unused = [key for key in self._vectors if key[0] != model or key[1] not in used]
            for key in unused:
                del self._vectors[key]
            return len(unused)


def _phrase(word: str) -> VaultMatch:
    return Phrase(word)


def _tree(query: StoreQuery) -> VaultMatch:
    """The query as a tree of phrases: each group an OR of its alternatives, the groups
    joined by AND or OR (left to right)."""
    joiner = And if query.combine is Combine.ALL else Or
    node: VaultMatch | None = None
    for group in query.groups:
        alternatives: VaultMatch | None = None
        for text in group:
            alternatives = Phrase(text) if alternatives is None else Or(alternatives, Phrase(text))
        assert alternatives is not None  # groups are never empty
        node = alternatives if node is None else joiner(node, alternatives)
    assert node is not None
    return node


def _in_scope(source: Source, scope: SearchScope) -> bool:
    kinds = scope.effective_kinds()
    if kinds is not None and source.kind not in kinds:
        return False
    if scope.source:
        if scope.exact_source:
            return source.label == scope.source
        return _ascii_lower(scope.source) in _ascii_lower(source.label)
    return True


def _ascii_lower(text: str) -> str:
    """SQLite's LIKE folds ASCII letters only; so does this store's label filter."""
    return text.translate(_ASCII_LOWER)


_ASCII_LOWER = str.maketrans("ABCDEFGHIJKLMNOPQRSTUVWXYZ", "abcdefghijklmnopqrstuvwxyz")
