"""The chunks still waiting for a vector, read a batch at a time without re-reading the backlog.

A backlog is drained a batch of 8 texts at a time, oldest chunk first. Grouping every chunk by
its text on each call (what this did first) cost O(chunks) per batch: ~19 s of queries over a
10 k-chunk backlog, growing with its square. Instead a batch walks the chunks in id order from
where the last batch began (``Backlog``): what lies before that was embedded (the last batch
is stored, or comes again if it failed), so a call reads its batch plus the batch before it.

The one way a chunk can come below that mark is a reused id (ids are ``max + 1``: delete the
newest sources, index others, and a new chunk may take an id a drained one had). So when the
walk from the mark finds less than a batch — the backlog's end — it looks once more from the
first chunk before it says what is left: the end of every drain costs one full walk, as one
batch did before.
"""

from __future__ import annotations

import json
import threading
from collections.abc import Collection
from typing import Any

from adapters.sqlcipher.chunk_vectors import hash_new_chunks
from adapters.sqlcipher.connection import Connection
from application.ports.chunk_vectors import PendingText
from domain.source_kind import SourceKind

# Rows read per step of a walk, per text wanted: copies of one text (a re-indexed source, a
# repeated section) are read and skipped, so a step reads a little more than a batch.
_READ_AHEAD = 4


class Backlog:
    """Where the last batch of each question (model, kinds, size limit, labels) began."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._marks: dict[tuple[Any, ...], int] = {}

    def pending(
        self,
        connection: Connection,
        model: str,
        kinds: Collection[SourceKind],
        limit: int,
        max_chunks: int | None = None,
        *,
        labels: Collection[str] | None = None,
    ) -> list[PendingText]:
        """Up to ``limit`` distinct texts of chunks of ``kinds`` without a vector of ``model``,
        each with its oldest chunk, oldest first (ADR 0081's rules; see the module's note)."""
        hash_new_chunks(connection)
        key = (
            model,
            tuple(sorted(kind.value for kind in kinds)),
            max_chunks,
            None if labels is None else tuple(sorted(labels)),
        )
        with self._lock:
            mark = self._marks.get(key, 0)
        query = _query(model, kinds, max_chunks, labels)
        found = _walk(connection, query, limit, mark)
        if mark and len(found) < limit:
            found = _walk(connection, query, limit, 0)
        with self._lock:
            self._marks[key] = found[0][1] if found else 0
        return _texts(connection, found)


def _query(
    model: str,
    kinds: Collection[SourceKind],
    max_chunks: int | None,
    labels: Collection[str] | None,
) -> tuple[str, list[object]]:
    """The SQL of one step of a walk and its parameters after the start id (then its LIMIT)."""
    values = sorted(kind.value for kind in kinds)
    where = f"s.kind IN ({', '.join('?' * len(values))})"
    params: list[object] = [*values]
    if labels is not None:
        where += " AND s.label IN (SELECT value FROM json_each(?))"
        params.append(json.dumps(sorted(labels)))
    if max_chunks is not None:
        where += " AND s.chunk_count <= ?"
        params.append(int(max_chunks))
    # CROSS JOIN keeps chunk_owners the outer loop: read in id order from the start, no sort,
    # and the walk stops at its LIMIT.
    sql = (
        "SELECT o.text_hash, o.id FROM chunk_owners o CROSS JOIN sources s "
        f"ON s.id = o.source_id WHERE o.id >= ? AND {where} AND NOT EXISTS "
        "(SELECT 1 FROM chunk_vectors v WHERE v.model = ? AND v.text_hash = o.text_hash) "
        "ORDER BY o.id LIMIT ?"
    )
    return sql, [*params, model]


def _walk(
    connection: Connection, query: tuple[str, list[object]], limit: int, start: int
) -> list[tuple[str, int]]:
    """(hash, chunk id) of the first ``limit`` distinct waiting texts from chunk ``start`` on."""
    sql, params = query
    found: dict[str, int] = {}
    step = max(1, limit) * _READ_AHEAD
    while len(found) < limit:
        rows = connection.execute(sql, (start, *params, step)).fetchall()
        for digest, cid in rows:
            if len(found) < limit:
                found.setdefault(digest, cid)
        if len(rows) < step:
            break
        start = rows[-1][1] + 1
    return list(found.items())


def _texts(connection: Connection, found: list[tuple[str, int]]) -> list[PendingText]:
    if not found:
        return []
    ids = json.dumps([cid for _, cid in found])
    texts = {
        cid: (title, content)
        for cid, title, content in connection.execute(
            "SELECT id, title, content FROM chunk_texts "
            "WHERE id IN (SELECT value FROM json_each(?))",
            (ids,),
        )
    }
    return [PendingText(digest, *texts[cid]) for digest, cid in found if cid in texts]
