"""The knowledge store on an encrypted SQLCipher file (schema in ``schema/``, ADR 0002, 0012)."""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from datetime import date, datetime
from pathlib import Path
from typing import TYPE_CHECKING

from adapters.sqlcipher import (
    chunk_vectors,
    maintenance,
    search_query,
    swept_sessions,
    writer,
)
from adapters.sqlcipher.connection import write_cache
from adapters.sqlcipher.connection_pool import ConnectionPool
from adapters.sqlcipher.created_files import CreatedFiles
from adapters.sqlcipher.damage import explained
from adapters.sqlcipher.embedding_backlog import Backlog
from adapters.sqlcipher.fts5_syntax import fts5_string
from adapters.sqlcipher.known_words import KnownWords
from adapters.sqlcipher.rows import SOURCE_COLUMNS, to_source
from adapters.sqlcipher.size_report import size_report
from adapters.system_clock import SystemClock
from application.ports.chunk_vectors import ChunkVectors, EmbeddingProgress, PendingText
from application.ports.clock import Clock
from application.ports.file_upkeep import FileUpkeep
from application.ports.knowledge_store import KnowledgeStore, StoredChunk, StoreStats
from application.ports.store_inspector import StoreInspector, StoreSizeReport
from application.ports.sweep_ledger import SweepLedger, SweptSession
from application.ports.usage_store import UsageStore
from domain.chunk import Chunk
from domain.search.query import has_word_char
from domain.search.store_query import StoreQuery
from domain.search_hit import LayerHit, SearchScope
from domain.source import DocumentHead, IndexOutcome, Source, SourceDocument
from domain.source_kind import SourceKind

if TYPE_CHECKING:  # the server's usage ledger, imported by the methods that use it
    from domain.server.usage import UsageCounts
    from domain.server.usage_history import UsageSession, UsageSessions

_log = logging.getLogger("capy.store")
_HAS_WORD = (
    "SELECT EXISTS (SELECT 1 FROM vocabulary WHERE word = ?1) "
    "OR EXISTS (SELECT 1 FROM vocabulary_recent WHERE word = ?1)"
)
# New words the recent table takes before they are folded into the vocabulary (ADR 0122): at
# 10 k chunks of the benchmark's corpus, folding every 20 k to 80 k words wrote a fifth fewer
# pages than inserting every document's words into the vocabulary itself.
FOLD_WORDS = 40_000


class SqlcipherKnowledgeStore(
    KnowledgeStore, ChunkVectors, FileUpkeep, StoreInspector, SweepLedger, UsageStore
):
    """Opens (or creates) the database at construction; raises ``PlaintextDatabase``,
    ``WrongKey`` or ``StoreError`` with a hint. A garbage file is moved aside and reported
    through ``on_warning`` (default: the ``capy.store`` logger, never stdout).
    """

    def __init__(
        self,
        path: Path | str,
        key: str,
        *,
        title_weight: float = 2.0,
        clock: Clock | None = None,
        on_warning: Callable[[str], None] | None = None,
        merge_every: int = 1000,
        fold_words: int = FOLD_WORDS,
        read_only: bool = False,
        created: CreatedFiles | None = None,
    ) -> None:
        self._path = Path(path)
        self._clock = clock or SystemClock()
        self._title_weight = title_weight
        self._merge_every = merge_every
        self._inserted_since_merge = 0
        self._fold_words = fold_words
        self._words_since_fold = 0
        self._counter_lock = threading.Lock()
        self._known_words = KnownWords()
        self._vectors = chunk_vectors.VectorMatrix()
        self._backlog = Backlog()
        self._progress = chunk_vectors.ProgressMemo()
        self._pool = ConnectionPool(
            self._path,
            key,
            self._clock.now,
            on_warning or _log.warning,
            read_only=read_only,
            created=created,
        )

    @property
    def path(self) -> Path:
        return self._path

    @explained
    def index(self, document: SourceDocument) -> IndexOutcome:
        words = self._known_words.unseen(document.vocabulary)
        connection = self._pool.connection()
        with write_cache(connection, document.size_bytes):
            outcome = writer.index_document(
                connection, document, self._clock.now(), words, self._fold_words
            )
        self._pool.confirm()  # never acknowledge a write to a file that is gone
        if not outcome.already_indexed:
            self._known_words.remember(words)
            self._count_inserted(len(document.chunks))
            self._count_words(len(words))
        return outcome

    @explained
    def index_streamed(
        self,
        head: DocumentHead,
        batches: Iterable[Sequence[Chunk]],
        vocabulary: Callable[[], Iterable[frozenset[str]]],
    ) -> IndexOutcome:
        connection = self._pool.connection()
        with write_cache(connection, head.size_bytes):
            outcome, inserted, added, listed = writer.index_streamed(
                connection,
                head,
                batches,
                vocabulary,
                now=self._clock.now(),
                unseen=self._known_words.unseen,
                fold_words=self._fold_words,
                listed_up_to=self._known_words.limit,
            )
        self._pool.confirm()
        if not outcome.already_indexed:
            self._known_words.remember(listed)
            self._count_inserted(inserted)
            self._count_words(added)
        return outcome

    def _count_words(self, words: int) -> None:
        """Fold the recent words into the vocabulary once this process has added about
        ``fold_words`` (an upper bound: words already stored count too). A failed fold loses
        nothing: the words stay in the recent table, which search reads as well."""
        with self._counter_lock:
            self._words_since_fold += words
            due = self._words_since_fold >= self._fold_words
            if due:
                self._words_since_fold = 0
        if due:
            try:
                maintenance.fold_vocabulary(self._pool.connection())
            except Exception as error:
                _log.warning("skipped folding the vocabulary of %s: %s", self._path, error)

    def _count_inserted(self, chunks: int) -> None:
        with self._counter_lock:
            self._inserted_since_merge += chunks
            due = self._inserted_since_merge >= self._merge_every
            if due:
                self._inserted_since_merge = 0
        if due:
            try:
                maintenance.merge_fts(self._pool.connection())
            except Exception as error:  # the document is stored; merging can wait for next time
                _log.warning("skipped an FTS merge of %s: %s", self._path, error)

    @explained
    def source_by_label(self, label: str) -> Source | None:
        row = (
            self._pool.connection()
            .execute(f"SELECT {SOURCE_COLUMNS} FROM sources WHERE label = ?", (label,))
            .fetchone()
        )
        return to_source(row) if row else None

    @explained
    def sources(self, kinds: Collection[SourceKind] | None = None) -> list[Source]:
        sql = f"SELECT {SOURCE_COLUMNS} FROM sources"
        params: list[str] = []
        if kinds is not None:
            params = sorted(kind.value for kind in kinds)
            sql += f" WHERE kind IN ({', '.join('?' * len(params))})"
        rows = self._pool.connection().execute(sql + " ORDER BY id", params).fetchall()
        return [to_source(row) for row in rows]

    @explained
    def source_counts(self, kinds: Collection[SourceKind] | None = None) -> dict[SourceKind, int]:
        return maintenance.source_counts(self._pool.connection(), kinds)

    @explained
    def source_labels(self) -> list[str]:
        # Read from the unique index on ``label`` alone, not the table's rows.
        rows = self._pool.connection().execute("SELECT label FROM sources").fetchall()
        return [row[0] for row in rows]

    @explained
    def chunks_of(self, source_id: int) -> list[StoredChunk]:
        rows = self._pool.connection().execute(
            "SELECT o.id, t.title, t.content, o.has_code, t.facts FROM chunk_owners o "
            "JOIN chunk_texts t ON t.id = o.id WHERE o.source_id = ? ORDER BY o.id",
            (source_id,),
        )
        return [
            StoredChunk(row[0], source_id, Chunk(row[1], row[2], bool(row[3]), row[4]))
            for row in rows
        ]

    @explained
    def search(
        self,
        query: StoreQuery,
        scope: SearchScope,
        limit: int,
        within: Sequence[int] | None = None,
    ) -> list[LayerHit]:
        if query.meaning is not None:
            return chunk_vectors.nearest(
                self._pool.connection(), self._vectors, query.meaning, scope, limit=limit
            )
        return search_query.search(
            self._pool.connection(),
            query,
            scope,
            limit=limit,
            within=within,
            title_weight=self._title_weight,
        )

    @explained
    def vocabulary_between(self, min_length: int, max_length: int) -> list[str]:
        rows = self._pool.connection().execute(
            "SELECT word FROM vocabulary WHERE length(word) BETWEEN ?1 AND ?2 UNION "
            "SELECT word FROM vocabulary_recent WHERE length(word) BETWEEN ?1 AND ?2 ORDER BY word",
            (min_length, max_length),
        )
        return [row[0] for row in rows]

    @explained
    def has_word(self, word: str) -> bool:
        return bool(self._pool.connection().execute(_HAS_WORD, (word,)).fetchone()[0])

    @explained
    def chunk_frequencies(self, words: Sequence[str]) -> tuple[int, tuple[int, ...]]:
        # FTS5 itself stems each word (porter's ``tabl`` for "table"; capy's own stem is not
        # porter's) and counts the chunks holding it, reading only the term's posting list.
        connection = self._pool.connection()
        total = connection.execute("SELECT count(*) FROM chunk_owners").fetchone()[0]
        found = []
        for word in words:
            row = (
                connection.execute(
                    "SELECT count(*) FROM chunks WHERE chunks MATCH ?", (fts5_string(word),)
                ).fetchone()
                if has_word_char(word)
                else None
            )
            found.append(int(row[0]) if row else 0)
        return total, tuple(found)

    @explained
    def record_access(self, source_ids: Iterable[int], at: datetime) -> None:
        writer.record_access(self._pool.connection(), source_ids, at)

    @explained
    def delete_sources(self, source_ids: Iterable[int]) -> int:
        deleted = writer.delete_sources(self._pool.connection(), source_ids)
        self._pool.confirm()
        return deleted

    @explained
    def stats(self) -> StoreStats:
        return maintenance.stats(self._pool.connection())

    @explained
    def free_share(self) -> float:
        return maintenance.free_page_ratio(self._pool.connection())

    @explained
    def compact(self) -> None:
        """Prunes unused vocabulary, merges the FTS indexes and rewrites the file compactly."""
        self._known_words.forget()
        maintenance.vacuum(self._pool.connection())

    @explained
    def checkpoint(self, *, required: bool = True) -> None:
        if required:
            maintenance.checkpoint(self._pool.connection())
        else:
            maintenance.fold_log(self._pool.connection())

    @explained
    def release_memory(self) -> None:
        """Close the calling thread's connection: its page cache, statements and full-text
        buffers go with it; the next use opens another in ~2 ms (ADR 0124)."""
        self._pool.release_current()

    @explained
    def drop_cached_pages(self) -> None:
        """The calling thread's page cache only (ADR 0190): ~2 MB given back in well under a
        millisecond, where closing the connection costs every next call ~2.5 ms."""
        self._pool.shrink_current()

    @explained
    def pending(
        self,
        model: str,
        kinds: Collection[SourceKind],
        limit: int,
        max_chunks: int | None = None,
        labels: Collection[str] | None = None,
    ) -> list[PendingText]:
        return self._backlog.pending(
            self._pool.connection(), model, kinds, limit, max_chunks, labels=labels
        )

    @explained
    def store_vectors(self, model: str, vectors: Sequence[tuple[str, Sequence[bytes]]]) -> None:
        chunk_vectors.store(self._pool.connection(), model, vectors)
        self._pool.confirm()

    @explained
    def embedding_progress(
        self, model: str, kinds: Collection[SourceKind], labels: Collection[str] | None = None
    ) -> EmbeddingProgress:
        return self._progress.progress(self._pool.connection(), model, kinds, labels)

    @explained
    def any_vectors(self, model: str) -> bool:
        return chunk_vectors.any_vector(self._pool.connection(), model)

    @explained
    def forget_unused(self, model: str) -> int:
        forgotten = chunk_vectors.forget_unused(self._pool.connection(), model)
        self._vectors.forget()
        self._progress = chunk_vectors.ProgressMemo()
        return forgotten

    @explained
    def swept_sessions(self) -> Mapping[str, SweptSession]:
        return swept_sessions.read_all(self._pool.connection())

    @explained
    def record_swept(self, entries: Iterable[SweptSession]) -> None:
        swept_sessions.write(self._pool.connection(), entries)
        self._pool.confirm()

    @explained
    def size_report(self, largest: int = 15) -> StoreSizeReport:
        return size_report(self._pool.connection(), self._path, largest)

    def start_usage_session(self, started_at: datetime) -> int:
        from adapters.sqlcipher import usage_ledger  # the server's, loaded on its first use

        return usage_ledger.start_session(self._pool.connection(), started_at)

    def add_usage(self, session_id: int, day: date, counts: UsageCounts, at: datetime) -> None:
        from adapters.sqlcipher import usage_ledger

        usage_ledger.add(self._pool.connection(), session_id, day, counts, at)

    def usage(self, *, session_id: int | None = None, day: date | None = None) -> UsageCounts:
        from adapters.sqlcipher import usage_ledger

        return usage_ledger.total(self._pool.connection(), session_id, day)

    def usage_session(self, session_id: int) -> UsageSession | None:
        from adapters.sqlcipher import usage_ledger

        return usage_ledger.session(self._pool.connection(), session_id)

    def usage_sessions(self) -> UsageSessions:
        from adapters.sqlcipher import usage_ledger

        return usage_ledger.sessions(self._pool.connection())

    def close(self) -> None:
        """Closes every connection, then truncates the WAL from one fresh connection."""
        error = self._pool.close_and_flush()
        if error is not None:
            _log.warning("could not flush the write-ahead log of %s: %s", self._path, error)
