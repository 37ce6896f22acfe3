"""The semantic layer's vectors in the knowledge file: stored as BLOBs, scored with numpy.

Scoring reads every vector of the scope: 10 k × 384 float32 is 15 MB to decrypt, far too slow
per query, so the vectors live in memory as one matrix once read (``VectorMatrix``) and are
read again only when the file's chunks or vectors changed (``version``).
numpy is part of the semantic extra and is imported only here, on the first ``nearest``.
"""

from __future__ import annotations

import json
import os
import threading
from collections.abc import Collection, Sequence
from typing import TYPE_CHECKING, Any

from adapters.sqlcipher.connection import Connection
from adapters.sqlcipher.search_query import scope_filters
from adapters.sqlcipher.transactions import write_transaction
from application.ports.chunk_vectors import EmbeddingProgress
from domain.embedding_text import text_hash
from domain.search.store_query import Meaning
from domain.search_hit import LayerHit, SearchScope
from domain.source_kind import SourceKind

if TYPE_CHECKING:
    from concurrent.futures import ThreadPoolExecutor

_HASH_BATCH = 500
# Rows from which a question is scored in slices at once, one per core (two at most): below,
# handing a slice to another thread costs about what it saves (~1 ms at 10 k rows).
SLICE_ROWS = 16_384
_SLICES = min(2, len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else 1)
_scorers: dict[int, ThreadPoolExecutor] = {}  # the scoring threads, started on first use
_scorers_lock = threading.Lock()


def _kinds(
    kinds: Collection[SourceKind], labels: Collection[str] | None = None
) -> tuple[str, list[str]]:
    """The filter on ``sources s`` to chunks of ``kinds`` (and of the sources ``labels``)."""
    values = sorted(kind.value for kind in kinds)
    where = f"s.kind IN ({', '.join('?' * len(values))})"
    if labels is None:
        return where, values
    return f"{where} AND s.label IN (SELECT value FROM json_each(?))", [
        *values,
        json.dumps(sorted(labels)),
    ]


def hash_new_chunks(connection: Connection) -> int:
    """Give every chunk stored without it the hash of its embedding text; how many got one."""
    done = 0
    while True:
        rows = connection.execute(
            "SELECT o.id, t.title, t.content FROM chunk_owners o JOIN chunk_texts t ON t.id = o.id "
            "WHERE o.text_hash IS NULL LIMIT ?",
            (_HASH_BATCH,),
        ).fetchall()
        if not rows:
            return done
        with write_transaction(connection):
            connection.executemany(
                "UPDATE chunk_owners SET text_hash = ? WHERE id = ?",
                ((text_hash(title, content), cid) for cid, title, content in rows),
            )
        done += len(rows)


def store(
    connection: Connection, model: str, vectors: Sequence[tuple[str, Sequence[bytes]]]
) -> None:
    if not vectors:
        return
    with write_transaction(connection):
        connection.executemany(
            "INSERT OR IGNORE INTO chunk_vectors (model, text_hash, part, vector) "
            "VALUES (?, ?, ?, ?)",
            [
                (model, digest, part, vector)
                for digest, parts in vectors
                for part, vector in enumerate(parts)
            ],
        )


def version(connection: Connection) -> tuple[Any, ...]:
    """What changes whenever a chunk or a vector is added or dropped, or a source changes kind,
    read in well under a millisecond at 10 k chunks — unlike the number of vectors (4 ms: the
    table's only index holds every passage's hash). Chunks come and go with their source, whose
    id is never reused; vectors are only added, but by ``forget_unused``, whose store then
    forgets what it read (``VectorMatrix.forget``)."""
    return (
        *connection.execute("SELECT count(*), max(id) FROM chunk_owners").fetchone(),
        *connection.execute("SELECT max(id) FROM chunk_vectors").fetchone(),
        *connection.execute(
            "SELECT count(*), max(id), total(chunk_count), total(id * unicode(kind)) FROM sources"
        ).fetchone(),
    )


def progress(
    connection: Connection,
    model: str,
    kinds: Collection[SourceKind],
    labels: Collection[str] | None = None,
) -> EmbeddingProgress:
    where, params = _kinds(kinds, labels)
    rows = connection.execute(
        "SELECT s.label, count(*), sum(EXISTS (SELECT 1 FROM chunk_vectors v "
        "WHERE v.model = ? AND v.text_hash = o.text_hash)) "
        f"FROM chunk_owners o JOIN sources s ON s.id = o.source_id WHERE {where} "
        "GROUP BY s.id ORDER BY s.id",
        (model, *params),
    ).fetchall()
    total = sum(row[1] for row in rows)
    embedded = sum(row[2] or 0 for row in rows)
    waiting = tuple(label for label, chunks, done in rows if (done or 0) < chunks)
    return EmbeddingProgress(embedded, total, waiting)


class ProgressMemo:
    """The embedding progress last read for each question, kept while the file's ``version``
    stays: reading it scans every chunk (18 ms of CPU at 10 k chunks), and a search asks it
    each time (which sources are not embedded yet)."""

    _KEPT = 64

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._read: dict[tuple[Any, ...], tuple[tuple[Any, ...], EmbeddingProgress]] = {}

    def progress(
        self,
        connection: Connection,
        model: str,
        kinds: Collection[SourceKind],
        labels: Collection[str] | None = None,
    ) -> EmbeddingProgress:
        now = version(connection)
        question = (
            model,
            tuple(sorted(kind.value for kind in kinds)),
            None if labels is None else tuple(sorted(labels)),
        )
        with self._lock:
            known = self._read.get(question)
        if known is not None and known[0] == now:
            return known[1]
        found = progress(connection, model, kinds, labels)
        with self._lock:
            if len(self._read) >= self._KEPT:
                self._read.clear()
            self._read[question] = (now, found)
        return found


def forget_unused(connection: Connection, model: str) -> int:
    with write_transaction(connection):
        cursor = connection.execute(
            "DELETE FROM chunk_vectors WHERE model != ? OR NOT EXISTS "
            "(SELECT 1 FROM chunk_owners o WHERE o.text_hash = chunk_vectors.text_hash)",
            (model,),
        )
    return int(cursor.rowcount)


class VectorMatrix:
    """Every embedded chunk's vector of one model as a numpy matrix, with its chunk and source
    ids; read again when the chunks or vectors changed."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._key: tuple[Any, ...] | None = None
        self._data: tuple[Any, Any, Any] | None = None  # chunk ids, source ids, matrix
        self._forgotten = 0
        self._scored: tuple[Any, bytes, Any] | None = None  # (data, question, its scores)

    def scores(self, data: tuple[Any, Any, Any], vector: bytes) -> Any:
        """Every row's dot product with ``vector`` (``data`` as ``current`` gave it); the last
        question's are kept: a search may ask the same question twice (its second nearest chunk
        whatever the cosine), and scoring is the bulk of the work (5 ms of CPU at 51 k rows)."""
        import numpy as np

        with self._lock:
            last = self._scored
        if last is not None and last[0] is data and last[1] == vector:
            return last[2]
        found = scored(data[2], np.frombuffer(vector, dtype="<f4"))
        with self._lock:
            self._scored = (data, vector, found)
        return found

    def forget(self) -> None:
        """Vectors were dropped: read them again (ids of dropped vectors may come back)."""
        with self._lock:
            self._forgotten += 1

    def current(self, connection: Connection, model: str) -> tuple[Any, Any, Any]:
        import numpy as np

        key = (model, self._forgotten, *version(connection))
        with self._lock:
            if self._key == key and self._data is not None:
                return self._data
        rows = connection.execute(
            "SELECT o.id, o.source_id, v.vector FROM chunk_owners o "
            "JOIN chunk_vectors v ON v.model = ? AND v.text_hash = o.text_hash ORDER BY o.id",
            (model,),
        ).fetchall()
        size = max((len(row[2]) for row in rows), default=0)
        usable = [row for row in rows if len(row[2]) == size]
        dimensions = size // 4
        chunk_ids = np.fromiter((r[0] for r in usable), dtype=np.int64, count=len(usable))
        source_ids = np.fromiter((r[1] for r in usable), dtype=np.int64, count=len(usable))
        matrix = (
            np.frombuffer(b"".join(r[2] for r in usable), dtype="<f4").reshape(-1, dimensions)
            if usable
            else np.zeros((0, dimensions), dtype=np.float32)
        )
        data = (chunk_ids, source_ids, matrix)
        with self._lock:
            self._key, self._data = key, data
            self._scored = None  # it holds the matrix read before: let it go with it
        return data


def scored(matrix: Any, query: Any, slices: int | None = None, least: int | None = None) -> Any:
    """Every row of ``matrix`` times ``query``: with ``least`` rows or more (``SLICE_ROWS``), in
    ``slices`` of rows (one per core, two at most) scored at once, this thread one and the
    scoring threads the others — each row's sum is the same einsum's, so the scores are those
    of one einsum to the bit (ADR 0143); numpy leaves the interpreter lock while it sums.
    einsum, not BLAS: a multi-threaded BLAS spins its threads against the agent's work (on a
    loaded 2-core machine 60 ms instead of 1.3 ms for 10 k × 384), and its sums differ in
    the last bit from einsum's."""
    import numpy as np

    rows = len(matrix)
    slices = _SLICES if slices is None else slices
    if slices < 2 or rows < (SLICE_ROWS if least is None else least):
        return np.einsum("ij,j->i", matrix, query)
    found = np.empty(rows, dtype=np.result_type(matrix, query))
    cuts = [rows * part // slices for part in range(slices + 1)]

    def score(part: int) -> None:
        start, end = cuts[part], cuts[part + 1]
        np.einsum("ij,j->i", matrix[start:end], query, out=found[start:end])

    others = [_scoring_threads(slices - 1).submit(score, part) for part in range(1, slices)]
    score(0)
    for other in others:
        other.result()
    return found


def _scoring_threads(count: int) -> ThreadPoolExecutor:
    from concurrent.futures import ThreadPoolExecutor

    with _scorers_lock:
        if count not in _scorers:
            _scorers[count] = ThreadPoolExecutor(count, thread_name_prefix="capy-scoring")
        return _scorers[count]


def any_vector(connection: Connection, model: str) -> bool:
    row = connection.execute("SELECT 1 FROM chunk_vectors WHERE model = ? LIMIT 1", (model,))
    return row.fetchone() is not None


def _allowed_sources(connection: Connection, scope: SearchScope) -> dict[int, tuple[str, str]]:
    filters, params = scope_filters(scope)
    where = f" WHERE {' AND '.join(filters)}" if filters else ""
    rows = connection.execute(f"SELECT s.id, s.label, s.kind FROM sources s{where}", params)
    return {row[0]: (row[1], row[2]) for row in rows}


def nearest(
    connection: Connection,
    matrix: VectorMatrix,
    meaning: Meaning,
    scope: SearchScope,
    *,
    limit: int,
) -> list[LayerHit]:
    """Every embedded chunk of ``scope`` by its nearest passage's cosine, best first."""
    if limit <= 0 or not any_vector(connection, meaning.model):
        return []
    import numpy as np

    data = matrix.current(connection, meaning.model)
    chunk_ids, source_ids, vectors = data
    allowed = _allowed_sources(connection, scope)
    # A flag per source id, read by each row (1 ms less than np.isin's sort at 50 k rows).
    top_id = max(int(source_ids.max()) if len(source_ids) else 0, max(allowed, default=0))
    in_scope = np.zeros(top_id + 1, dtype=bool)
    in_scope[np.fromiter(allowed, dtype=np.int64, count=len(allowed))] = True
    outside = ~in_scope[source_ids]
    query = np.frombuffer(meaning.vector, dtype="<f4")
    picked = len(chunk_ids) - int(np.count_nonzero(outside))
    if not picked or len(query) != vectors.shape[1]:
        return []  # nothing in scope, or vectors of another size (another build of the model)
    # Every row is scored and the rows out of scope are then pushed below any cosine: copying
    # the rows in scope out of the matrix first cost 30 ms of CPU at 51 k rows — a default
    # search (outputs left out) paid it whenever one output had a vector — for 5 ms to score.
    scores = np.where(outside, -np.inf, matrix.scores(data, meaning.vector))
    # A chunk is as near as its nearest passage: the best rows, first row of each chunk kept.
    window = min(picked, limit * 12)
    top = np.argpartition(-scores, window - 1)[:window]
    order = top[np.lexsort((chunk_ids[top], -scores[top]))]
    _, first = np.unique(chunk_ids[order], return_index=True)
    best = order[np.sort(first)][:limit]
    chosen = [
        (int(chunk_ids[i]), int(source_ids[i]), float(scores[i]))
        for i in best
        if scores[i] > meaning.floor
    ]
    if not chosen:
        return []
    ids = json.dumps([cid for cid, _, _ in chosen])
    rows = {
        row[0]: row[1:]
        for row in connection.execute(
            "SELECT t.id, t.title, t.content, t.facts, o.has_code FROM chunk_texts t "
            "JOIN chunk_owners o ON o.id = t.id WHERE t.id IN (SELECT value FROM json_each(?))",
            (ids,),
        )
    }
    return [
        LayerHit(
            chunk_id=cid,
            source_id=sid,
            label=allowed[sid][0],
            kind=SourceKind(allowed[sid][1]),
            title=rows[cid][0],
            content=rows[cid][1],
            has_code=bool(rows[cid][3]),
            relevance=score,
            facts=rows[cid][2],
        )
        for cid, sid, score in chosen
        if cid in rows
    ]
