"""One full-text layer search: a single FTS5 MATCH, scoped, ranked by bm25, highlighted."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from adapters.sqlcipher.connection import Connection
from adapters.sqlcipher.errors import OperationalError
from domain.search_hit import LayerHit, SearchLayer, SearchScope
from domain.source_kind import SourceKind

TABLES = {SearchLayer.PORTER: "chunks", SearchLayer.TRIGRAM: "chunks_trigram"}


def like_contains(text: str) -> str:
    """A LIKE pattern for ``text`` anywhere; its ``%``, ``_`` and ``\\`` are taken literally."""
    escaped = text.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")
    return f"%{escaped}%"


def build(
    layer: SearchLayer, scope: SearchScope, has_within: bool
) -> tuple[str, list[str], list[Any]]:
    """The SQL for one layer and scope, plus the extra filters' parameters (in order)."""
    table = TABLES[layer]
    filters: list[str] = []
    params: list[Any] = []
    kinds = scope.effective_kinds()
    if kinds is not None:
        ordered = sorted(kind.value for kind in kinds)
        filters.append(f"s.kind IN ({', '.join('?' * len(ordered))})")
        params.extend(ordered)
    if scope.source:
        if scope.exact_source:
            filters.append("s.label = ?")
            params.append(scope.source)
        else:
            filters.append("s.label LIKE ? ESCAPE '\\'")
            params.append(like_contains(scope.source))
    if has_within:
        filters.append(f"{table}.rowid IN (SELECT value FROM json_each(?))")
    where = "".join(f" AND {condition}" for condition in filters)
    sql = (
        f"SELECT c.id, c.source_id, s.label, s.kind, c.title, c.content, c.has_code, "
        f"bm25({table}, ?, 1.0) AS score, highlight({table}, 1, char(2), char(3)) "
        f"FROM {table} JOIN chunk_texts c ON c.id = {table}.rowid "
        f"JOIN sources s ON s.id = c.source_id "
        f"WHERE {table} MATCH ?{where} ORDER BY score LIMIT ?"
    )
    return sql, filters, params


def search(
    connection: Connection,
    layer: SearchLayer,
    match: str,
    scope: SearchScope,
    *,
    limit: int,
    within: Sequence[int] | None,
    title_weight: float,
) -> list[LayerHit]:
    if limit <= 0 or (within is not None and not within):
        return []
    sql, _, filter_params = build(layer, scope, within is not None)
    params: list[Any] = [title_weight, match, *filter_params]
    if within is not None:
        params.append(json.dumps([int(chunk_id) for chunk_id in within]))
    params.append(limit)
    try:
        rows = connection.execute(sql, params).fetchall()
    except OperationalError:
        return []  # an expression FTS5 rejects matches nothing
    return [
        LayerHit(
            chunk_id=row[0],
            source_id=row[1],
            label=row[2],
            kind=SourceKind(row[3]),
            title=row[4],
            content=row[5],
            has_code=bool(row[6]),
            bm25=row[7],
            highlighted=row[8],
        )
        for row in rows
    ]
