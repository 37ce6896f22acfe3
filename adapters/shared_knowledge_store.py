"""One knowledge store over two homes: the team server for durable knowledge, the local
encrypted file for everything else (ADR 0076).

- ``index``: a durable document (``capy_index``, durable fetches, ``capy index``) goes to the
  team store; ephemeral command output and session transcripts stay in the local file, as do
  the usage and sweep ledgers (this store forwards them to the local one).
- Reads ask both homes. A team source's label is shown as ``team:<label>`` — the home of every
  hit and source is visible — and its ids are negative, so ids from the two homes never meet
  (``within``, ``chunks_of``, ``delete_sources`` and ``record_access`` route by the sign).
- ``search`` merges the two homes' hits into one list by relevance: both rank the words layer
  with bm25 over their own chunks, so their scores compare; the substrings layer (no common
  scale) is interleaved rank by rank.
- The semantic layer's vectors (ADR 0081) are the local file's: what this machine indexed
  locally is embedded and searched by meaning; the team store serves no meaning layer yet
  (its search returns nothing for one), so team sources are found by their words.
- The team store is opened on first use. A search that cannot reach it answers from the
  local file and says so on the ``capy.store`` logger; writing durable knowledge to it fails
  with the server's error (nothing is stored locally in its place).
"""

from __future__ import annotations

import itertools
import logging
import threading
from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from datetime import date, datetime

import attrs

from application.ports.chunk_vectors import ChunkVectors, EmbeddingProgress, PendingText
from application.ports.file_upkeep import FileUpkeep
from application.ports.knowledge_store import KnowledgeStore, StoredChunk, StoreStats
from application.ports.store_inspector import StoreInspector, StoreSizeReport
from application.ports.sweep_ledger import SweepLedger, SweptSession
from application.ports.usage_store import UsageStore
from domain.chunk import Chunk
from domain.errors import StoreError
from domain.search.store_query import StoreQuery
from domain.search_hit import LayerHit, SearchLayer, SearchScope
from domain.server.usage import UsageCounts
from domain.server.usage_history import UsageSession, UsageSessions
from domain.source import (
    DocumentHead,
    IndexOutcome,
    Source,
    SourceDocument,
    gathered,
    gathered_words,
)
from domain.source_kind import SourceKind

_log = logging.getLogger("capy.store")
TEAM_PREFIX = "team:"


def _team_source(source: Source) -> Source:
    return attrs.evolve(source, id=-source.id, label=TEAM_PREFIX + source.label, shared=True)


def _team_hit(hit: LayerHit) -> LayerHit:
    return attrs.evolve(
        hit, chunk_id=-hit.chunk_id, source_id=-hit.source_id, label=TEAM_PREFIX + hit.label
    )


def _team_scope(scope: SearchScope) -> SearchScope:
    if scope.source and scope.source.startswith(TEAM_PREFIX):
        return attrs.evolve(scope, source=scope.source.removeprefix(TEAM_PREFIX))
    return scope


class SharedKnowledgeStore(
    KnowledgeStore, ChunkVectors, FileUpkeep, StoreInspector, SweepLedger, UsageStore
):
    def __init__(self, local: KnowledgeStore, open_team: Callable[[], KnowledgeStore]) -> None:
        self._local = local
        self._open_team = open_team
        self._team: KnowledgeStore | None = None
        self._lock = threading.Lock()

    @property
    def local(self) -> KnowledgeStore:
        return self._local

    def team(self) -> KnowledgeStore:
        with self._lock:
            if self._team is None:
                self._team = self._open_team()
            return self._team

    def _team_or_none(self, doing: str) -> KnowledgeStore | None:
        try:
            return self.team()
        except StoreError as error:
            _log.warning("%s from the local knowledge base only: %s", doing, error)
            return None

    def index_streamed(
        self,
        head: DocumentHead,
        batches: Iterable[Sequence[Chunk]],
        vocabulary: Callable[[], Iterable[frozenset[str]]],
    ) -> IndexOutcome:
        if head.kind is not SourceKind.DURABLE:
            return self._local.index_streamed(head, batches, vocabulary)
        return self.index(head.document(gathered(batches), gathered_words(vocabulary())))

    def index(self, document: SourceDocument) -> IndexOutcome:
        if document.kind is not SourceKind.DURABLE:
            return self._local.index(document)
        label = document.label.removeprefix(TEAM_PREFIX)
        outcome = self.team().index(attrs.evolve(document, label=label))
        return attrs.evolve(outcome, source=_team_source(outcome.source))

    def source_by_label(self, label: str) -> Source | None:
        team = self._team_or_none("looking a label up")
        if team is not None:
            found = team.source_by_label(label.removeprefix(TEAM_PREFIX))
            if found is not None:
                return _team_source(found)
        if label.startswith(TEAM_PREFIX):
            return None
        return self._local.source_by_label(label)

    def sources(self, kinds: Collection[SourceKind] | None = None) -> list[Source]:
        local = self._local.sources(kinds)
        team = self._team_or_none("listing sources")
        if team is None or (kinds is not None and SourceKind.DURABLE not in kinds):
            return local
        return local + [_team_source(source) for source in team.sources(kinds)]

    def source_counts(self, kinds: Collection[SourceKind] | None = None) -> dict[SourceKind, int]:
        """As ``sources`` lists them: the team's sources add to the durable count alone, and
        the team is not asked when the durable count is not."""
        counts = self._local.source_counts(kinds)
        if kinds is not None and SourceKind.DURABLE not in kinds:
            return counts
        team = self._team_or_none("counting sources")
        if team is not None:
            counts[SourceKind.DURABLE] += team.source_counts([SourceKind.DURABLE])[
                SourceKind.DURABLE
            ]
        return counts

    def source_labels(self) -> list[str]:
        """As ``sources()`` lists them: the local labels, and the team's with its prefix when
        the team server answers."""
        local = self._local.source_labels()
        team = self._team_or_none("listing source labels")
        if team is None:
            return local
        return local + [TEAM_PREFIX + label for label in team.source_labels()]

    def chunks_of(self, source_id: int) -> list[StoredChunk]:
        if source_id >= 0:
            return self._local.chunks_of(source_id)
        return [
            StoredChunk(-c.chunk_id, source_id, c.chunk) for c in self.team().chunks_of(-source_id)
        ]

    def search(
        self,
        query: StoreQuery,
        scope: SearchScope,
        limit: int,
        within: Sequence[int] | None = None,
    ) -> list[LayerHit]:
        local_within = None if within is None else [i for i in within if i >= 0]
        team_within = None if within is None else [-i for i in within if i < 0]
        local = self._local.search(query, scope, limit, local_within)
        team = self._team_or_none("searching")
        wanted = scope.effective_kinds()
        if (
            team is None
            or team_within == []
            or (wanted is not None and SourceKind.DURABLE not in wanted)
        ):
            return local
        remote = [
            _team_hit(hit) for hit in team.search(query, _team_scope(scope), limit, team_within)
        ]
        if query.layer is SearchLayer.WORDS:
            # Both homes rank words by bm25 (ADR 0077): one order by relevance, ties by home.
            merged = sorted(local + remote, key=lambda hit: -hit.relevance)
        else:
            merged = [
                hit
                for pair in itertools.zip_longest(local, remote)
                for hit in pair
                if hit is not None
            ]
        return merged[:limit]

    def vocabulary_between(self, min_length: int, max_length: int) -> list[str]:
        words = set(self._local.vocabulary_between(min_length, max_length))
        team = self._team_or_none("reading the vocabulary")
        if team is not None:
            words.update(team.vocabulary_between(min_length, max_length))
        return sorted(words)

    def has_word(self, word: str) -> bool:
        if self._local.has_word(word):
            return True
        team = self._team_or_none("reading the vocabulary")
        return team is not None and team.has_word(word)

    def chunk_frequencies(self, words: Sequence[str]) -> tuple[int, tuple[int, ...]]:
        total, counts = self._local.chunk_frequencies(words)
        team = self._team_or_none("counting words")
        if team is None:
            return total, counts
        team_total, team_counts = team.chunk_frequencies(words)
        return total + team_total, tuple(a + b for a, b in zip(counts, team_counts, strict=True))

    def record_access(self, source_ids: Iterable[int], at: datetime) -> None:
        ids = list(source_ids)
        self._local.record_access([i for i in ids if i >= 0], at)
        remote = [-i for i in ids if i < 0]
        if remote:
            self.team().record_access(remote, at)

    def delete_sources(self, source_ids: Iterable[int]) -> int:
        ids = list(source_ids)
        deleted = self._local.delete_sources([i for i in ids if i >= 0])
        remote = [-i for i in ids if i < 0]
        if remote:
            deleted += self.team().delete_sources(remote)
        return deleted

    def stats(self) -> StoreStats:
        local = self._local.stats()
        team = self._team_or_none("counting")
        if team is None:
            return local
        shared = team.stats()
        kinds = dict(local.sources_by_kind)
        for kind, count in shared.sources_by_kind.items():
            kinds[kind] = kinds.get(kind, 0) + count
        return StoreStats(
            kinds,
            local.chunk_count + shared.chunk_count,
            local.vocabulary_size + shared.vocabulary_size,
            local.db_size_bytes,
        )

    # File upkeep is the local file's; the server keeps itself (its store's compact only
    # prunes vocabulary, which a member of the team may leave to the others).
    def _upkeep(self) -> FileUpkeep:
        if not isinstance(self._local, FileUpkeep):
            raise TypeError(f"{type(self._local).__name__} keeps no file")
        return self._local

    def free_share(self) -> float:
        return self._upkeep().free_share()

    def compact(self) -> None:
        self._upkeep().compact()

    def checkpoint(self, *, required: bool = True) -> None:
        self._upkeep().checkpoint(required=required)

    def release_memory(self) -> None:
        self._upkeep().release_memory()

    def drop_cached_pages(self) -> None:
        self._upkeep().drop_cached_pages()

    def size_report(self, largest: int = 15) -> StoreSizeReport:
        if not isinstance(self._local, StoreInspector):
            raise StoreError("this knowledge store cannot report its size", "")
        return self._local.size_report(largest)

    def swept_sessions(self) -> Mapping[str, SweptSession]:
        return self._ledger().swept_sessions()

    def record_swept(self, entries: Iterable[SweptSession]) -> None:
        self._ledger().record_swept(entries)

    def _ledger(self) -> SweepLedger:
        if not isinstance(self._local, SweepLedger):
            raise TypeError(f"{type(self._local).__name__} keeps no sweep ledger")
        return self._local

    def _usage(self) -> UsageStore:
        if not isinstance(self._local, UsageStore):
            raise TypeError(f"{type(self._local).__name__} keeps no usage history")
        return self._local

    def start_usage_session(self, started_at: datetime) -> int:
        return self._usage().start_usage_session(started_at)

    def add_usage(self, session_id: int, day: date, counts: UsageCounts, at: datetime) -> None:
        self._usage().add_usage(session_id, day, counts, at)

    def usage(self, *, session_id: int | None = None, day: date | None = None) -> UsageCounts:
        return self._usage().usage(session_id=session_id, day=day)

    def usage_session(self, session_id: int) -> UsageSession | None:
        return self._usage().usage_session(session_id)

    def usage_sessions(self) -> UsageSessions:
        return self._usage().usage_sessions()

    def _vectors(self) -> ChunkVectors:
        if not isinstance(self._local, ChunkVectors):
            raise TypeError(f"{type(self._local).__name__} keeps no vectors")
        return self._local

    def pending(
        self,
        model: str,
        kinds: Collection[SourceKind],
        limit: int,
        max_chunks: int | None = None,
        labels: Collection[str] | None = None,
    ) -> list[PendingText]:
        return self._vectors().pending(model, kinds, limit, max_chunks, labels)

    def store_vectors(self, model: str, vectors: Sequence[tuple[str, Sequence[bytes]]]) -> None:
        self._vectors().store_vectors(model, vectors)

    def embedding_progress(
        self, model: str, kinds: Collection[SourceKind], labels: Collection[str] | None = None
    ) -> EmbeddingProgress:
        return self._vectors().embedding_progress(model, kinds, labels)

    def any_vectors(self, model: str) -> bool:
        return self._vectors().any_vectors(model)

    def forget_unused(self, model: str) -> int:
        return self._vectors().forget_unused(model)

    def close_team(self) -> None:
        """Close the team store (if it was opened); the local one stays open."""
        with self._lock:
            team, self._team = self._team, None
        if team is not None:
            team.close()

    def close(self) -> None:
        self.close_team()
        self._local.close()
