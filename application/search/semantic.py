"""The semantic layer as search asks it: the query's vector, the nearest chunks, what is not
embedded yet. Never fails a search: a model that cannot load turns the layer off, logged once."""

from __future__ import annotations

import logging
import threading
from collections import OrderedDict
from collections.abc import Callable, Sequence
from datetime import datetime, timedelta
from typing import TYPE_CHECKING

import attrs

from application.ports.chunk_vectors import ChunkVectors, EmbeddingProgress
from application.ports.clock import Clock
from application.ports.embedder import Embedder
from application.ports.knowledge_store import KnowledgeStore
from domain import embedding_text
from domain.search import meaning, tuning
from domain.search.rrf import FusedHit
from domain.search.store_query import Meaning, StoreQuery
from domain.search_hit import LayerHit, SearchScope
from domain.source_kind import ALL_KINDS

if TYPE_CHECKING:
    from concurrent.futures import Future, ThreadPoolExecutor

_log = logging.getLogger("capy.search")
_QUERY_CACHE = 256
_LINE_CACHE = 1024
# How long a search waits for the layer asked ahead before it goes on with words alone: only a
# worker that hangs waits this long (the layer costs ~15 ms of CPU; loading the model ~0.3 s).
AHEAD_SECONDS = 30.0


@attrs.frozen
class Silenced:
    """What answerability silenced: the query's ``unknown`` units and the ``hits`` it found."""

    unknown: tuple[str, ...]
    hits: list[FusedHit]


_PROGRESS_FRESH = timedelta(seconds=5)


class SemanticLayer:
    """Asks the store for the chunks nearest a query's meaning (a ``SEMANTIC`` query value
    carrying the question's vector), embedding the query with
    ``embedder`` (each distinct query once, the last ``_QUERY_CACHE`` kept). The model loads on
    the first query that asks (``Embedder`` loads lazily); if it cannot, the layer is off for
    the rest of the process and searches go on with words alone."""

    def __init__(
        self,
        embedder: Embedder,
        store: KnowledgeStore,
        vectors: ChunkVectors,
        clock: Clock,
        *,
        ahead_seconds: float = AHEAD_SECONDS,
        cores: int = 2,
    ) -> None:
        """``cores``: those this process may run on — with one, nothing is asked ahead (the
        worker could only take turns with the search, ADR 0142)."""
        self._embedder = embedder
        self._store = store
        self._vectors = vectors
        self._clock = clock
        self._lock = threading.Lock()
        self._queries: OrderedDict[str, bytes] = OrderedDict()
        self._lines: OrderedDict[str, bytes] = OrderedDict()
        self._usable: bool | None = None
        self._progress: dict[frozenset[str], tuple[datetime, EmbeddingProgress]] = {}
        self._ahead_seconds = ahead_seconds
        self._asks_ahead = cores > 1
        self._ahead = threading.local()  # each searching thread's question asked ahead
        self._worker: ThreadPoolExecutor | None = None

    @property
    def usable(self) -> bool:
        if self._usable is None:
            self._usable = self._embedder.status().available
        return self._usable

    def nearest(self, query: str, scope: SearchScope, limit: int) -> list[LayerHit]:
        return self.searched(query, scope, limit) or []

    def ask_ahead(
        self,
        query: str,
        terms: Sequence[str],
        scope: SearchScope,
        limit: int,
        knows: Callable[[str], bool],
    ) -> bool:
        """Start ``searched(query, scope, limit)`` on the layer's worker thread when the search
        that calls this will likely ask it (``meaning.likely_weak``: many of its ``terms`` are
        words no indexed text holds, as ``knows`` judges them), so that the question is
        embedded and scored while the words are searched (onnxruntime and numpy work without
        the interpreter lock). The search's own ``searched`` then takes the answer: the same
        call, the same result (ADR 0142). Whether it was started; a search that then does not
        ask the layer drops it (``settle``)."""
        self.settle()
        if not self._asks_ahead or not self.usable or not meaning.likely_weak(terms, knows):
            return False
        if not self._vectors.any_vectors(self._embedder.model_id):
            return False
        from concurrent.futures import ThreadPoolExecutor  # not before a search needs it

        with self._lock:
            if self._worker is None:
                self._worker = ThreadPoolExecutor(1, thread_name_prefix="capy-meaning")
            worker = self._worker
        asked = worker.submit(self._search, query, scope, limit)
        self._ahead.pending = ((query, scope, limit), asked)
        return True

    def settle(self) -> None:
        """Drop this thread's question asked ahead: not started, it never runs; started, it is
        waited for — the worker never reads the store after the search that started it ended
        (the store may be closed then)."""
        pending = getattr(self._ahead, "pending", None)
        if pending is None:
            return
        self._ahead.pending = None
        if not pending[1].cancel():
            try:
                pending[1].exception(timeout=self._ahead_seconds)
            except TimeoutError:
                _log.warning("the semantic layer did not end within %.0f s", self._ahead_seconds)

    def searched(self, query: str, scope: SearchScope, limit: int) -> list[LayerHit] | None:
        """The nearest chunks above ``meaning.MIN_SIMILARITY``, best first; None when the layer
        could not be asked (off, nothing embedded, the model failed, or asked ahead it failed
        or did not answer in time: logged) — unlike an empty list, which says no embedded
        chunk is near."""
        pending = getattr(self._ahead, "pending", None)
        if pending is not None and pending[0] == (query, scope, limit):
            self._ahead.pending = None
            return self._answer(pending[1], query, scope, limit)
        self.settle()
        return self._search(query, scope, limit)

    def _answer(
        self, future: Future[list[LayerHit] | None], query: str, scope: SearchScope, limit: int
    ) -> list[LayerHit] | None:
        if future.cancel():  # the worker had not started it (busy with another): ask here
            return self._search(query, scope, limit)
        try:
            return future.result(timeout=self._ahead_seconds)
        except TimeoutError:
            _log.warning(
                "the semantic layer did not answer within %.0f s: this search goes on with "
                "words alone",
                self._ahead_seconds,
            )
        except Exception as error:  # a failing layer must not fail the search
            _log.warning(
                "the semantic layer failed: this search goes on with words alone: %s", error
            )
        return None

    def _search(self, query: str, scope: SearchScope, limit: int) -> list[LayerHit] | None:
        if not self.usable:
            return None
        model = self._embedder.model_id
        if not self._vectors.any_vectors(model):
            return None  # nothing embedded yet: the model is not even loaded for the question
        vector = self._query_vector(query)
        if vector is None:
            return None
        question = StoreQuery.by_meaning(query, Meaning(model, vector, meaning.MIN_SIMILARITY))
        return self._store.search(question, scope, limit)

    def runner_up(self, query: str, scope: SearchScope) -> float | None:
        """The cosine of the second nearest chunk whatever it is (None: fewer than two chunks
        embedded, or the layer could not be asked) — asked only when one chunk alone is near."""
        vector = self._query_vector(query) if self.usable else None
        if vector is None:
            return None
        model = self._embedder.model_id
        question = StoreQuery.by_meaning(query, Meaning(model, vector, -1.0))
        nearest = self._store.search(question, scope, 2)
        return nearest[1].relevance if len(nearest) > 1 else None

    def restated(self, silenced: Silenced, near: Sequence[LayerHit]) -> list[FusedHit]:
        """The hits answerability silenced, when the best of them is near the query's meaning
        and one of its lines says what the query's unknown words say (``meaning.restates``, ADR
        0125); else none. Its lines are embedded one by one (the last ``_LINE_CACHE`` kept)."""
        best = silenced.hits[0]
        if all(hit.chunk_id != best.chunk_id for hit in near):
            return []
        unknown = self._query_vector(" ".join(silenced.unknown))
        lines = self._line_vectors(embedding_text.lines(best.hit.content))
        if unknown is None or not lines or not meaning.restates(unknown, lines):
            return []
        return [hit for hit in silenced.hits if hit.coverage >= tuning.MIN_COVERAGE]

    def embedded(self, label: str) -> bool:
        """Whether every chunk of the source ``label`` has a vector (read from the store)."""
        progress = self._vectors.embedding_progress(self._embedder.model_id, ALL_KINDS, [label])
        return progress.total > 0 and progress.complete

    def waiting(self, scope: SearchScope) -> tuple[str, ...]:
        """Labels of sources in the scope's kinds that are not embedded yet (a few seconds old
        at most)."""
        kinds = scope.effective_kinds()
        if not self.usable or kinds is None:
            return ()
        key = frozenset(kind.value for kind in kinds)
        now = self._clock.now()
        with self._lock:
            cached = self._progress.get(key)
        if cached is None or now - cached[0] > _PROGRESS_FRESH:
            cached = (now, self._vectors.embedding_progress(self._embedder.model_id, kinds))
            with self._lock:
                self._progress[key] = cached
        return cached[1].waiting_sources

    def _line_vectors(self, lines: list[str]) -> list[bytes]:
        with self._lock:
            missing = [line for line in dict.fromkeys(lines) if line not in self._lines]
        if missing:
            try:
                vectors = self._embedder.embed(missing)
            except Exception as error:  # as for a query: the search goes on with words alone
                _log.warning("the semantic layer is off: %s", error)
                self._usable = False
                return []
            with self._lock:
                self._lines.update(zip(missing, vectors, strict=True))
        with self._lock:
            found = [self._lines[line] for line in lines if line in self._lines]
            for line in lines:
                if line in self._lines:
                    self._lines.move_to_end(line)
            while len(self._lines) > _LINE_CACHE:
                self._lines.popitem(last=False)
        return found

    def _query_vector(self, query: str) -> bytes | None:
        with self._lock:
            known = self._queries.get(query)
            if known is not None:
                self._queries.move_to_end(query)
                return known
        try:
            (vector,) = self._embedder.embed([query])
        except Exception as error:  # a model that cannot load must not fail the search
            _log.warning("the semantic layer is off: %s", error)
            self._usable = False
            return None
        with self._lock:
            self._queries[query] = vector
            while len(self._queries) > _QUERY_CACHE:
                self._queries.popitem(last=False)
        return vector
