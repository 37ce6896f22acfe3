"""One layer's search: the domain's query rendered as a single FTS5 MATCH, scoped, ranked by
bm25 (the words layer on the porter table, the substrings layer on the trigram table).

Only the rows returned pay for their text: a search nothing narrows ranks in the full-text table
alone and joins only the rows it keeps to their owners, sources and texts, in one statement (ADR
0113); a narrowed search ranks and filters using the narrow ``chunk_owners`` and ``sources``
rows, and the same statement then reads the text of the few rows it kept (ADR 0120).
Where the query's words occur in a text is search's own business (``domain.search.matching``):
FTS5's ``highlight()`` cost a second MATCH and 2–3 ms per query at 10k chunks, and the
positions it added made ranking no better (ADR 0044).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from adapters.sqlcipher.connection import Connection
from adapters.sqlcipher.errors import OperationalError
from adapters.sqlcipher.fts5_syntax import store_match
from domain.search.store_query import StoreQuery
from domain.search_hit import LayerHit, SearchLayer, SearchScope
from domain.source_kind import SourceKind

# The layers this engine answers; another layer's query (by meaning) matches nothing here.
TABLES = {SearchLayer.WORDS: "chunks", SearchLayer.SUBSTRINGS: "chunks_trigram"}
# ``sources.kind``'s CHECK allows exactly these (schema 0001).
_EVERY_KIND = frozenset(SourceKind)


def like_contains(text: str) -> str:
    """A LIKE pattern for ``text`` anywhere; its ``%``, ``_`` and ``\\`` are taken literally."""
    escaped = text.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")
    return f"%{escaped}%"


def scope_filters(scope: SearchScope) -> tuple[list[str], list[Any]]:
    """The conditions on a source ``s`` that keep a search inside ``scope``, and their
    parameters (in order). Every kind named is no condition: the schema allows no other."""
    filters: list[str] = []
    params: list[Any] = []
    kinds = scope.effective_kinds()
    if kinds is not None and not kinds >= _EVERY_KIND:
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
    return filters, params


def ranking_sql(layer: SearchLayer, scope: SearchScope, has_within: bool) -> tuple[str, list[Any]]:
    """Step one for a layer and scope, plus its filter parameters (in order)."""
    table = TABLES[layer]
    filters, params = scope_filters(scope)
    if has_within:
        filters.append(f"{table}.rowid IN (SELECT value FROM json_each(?))")
    where = "".join(f" AND {condition}" for condition in filters)
    weights = _WEIGHTS[layer]
    sql = (
        f"SELECT o.id, o.source_id, s.label, s.kind, o.has_code, bm25({table}, {weights}) AS score "
        f"FROM {table} JOIN chunk_owners o ON o.id = {table}.rowid "
        f"JOIN sources s ON s.id = o.source_id "
        f"WHERE {table} MATCH ?{where} ORDER BY score, o.id LIMIT ?"
    )
    return sql, params


_WEIGHTS = {
    SearchLayer.WORDS: "?, 1.0, 1.0",
    SearchLayer.SUBSTRINGS: "?, 1.0",
}  # title, content, facts


def unfiltered_ranking_sql(layer: SearchLayer) -> str:
    """Step one when nothing narrows the search: the full-text table alone ranks and keeps the
    best ``limit`` rows, and only those are joined to their owners and sources — the same rows
    in the same order as ``ranking_sql``'s, whose joins ran for every match. A row with no owner
    comes back with NULLs, which sends the caller to ``ranking_sql`` (that one skips it)."""
    table = TABLES[layer]
    return (
        f"WITH r AS MATERIALIZED (SELECT rowid AS id, bm25({table}, {_WEIGHTS[layer]}) AS score "
        f"FROM {table} WHERE {table} MATCH ? ORDER BY score, rowid LIMIT ?) "
        "SELECT r.id, o.source_id, s.label, s.kind, o.has_code, r.score "
        "FROM r LEFT JOIN chunk_owners o ON o.id = r.id LEFT JOIN sources s ON s.id = o.source_id "
        "ORDER BY r.score, r.id"
    )


def unfiltered_with_texts_sql(layer: SearchLayer) -> str:
    """``unfiltered_ranking_sql`` with the texts of the rows it keeps, in one statement: when
    nothing narrows the search every row ranked is a row returned, and a second statement to
    read their texts by id cost more than the join."""
    table = TABLES[layer]
    return (
        f"WITH r AS MATERIALIZED (SELECT rowid AS id, bm25({table}, {_WEIGHTS[layer]}) AS score "
        f"FROM {table} WHERE {table} MATCH ? ORDER BY score, rowid LIMIT ?) "
        "SELECT r.id, o.source_id, s.label, s.kind, o.has_code, r.score, "
        "t.title, t.content, t.facts "
        "FROM r LEFT JOIN chunk_owners o ON o.id = r.id LEFT JOIN sources s ON s.id = o.source_id "
        "LEFT JOIN chunk_texts t ON t.id = r.id ORDER BY r.score, r.id"
    )


def _ranked(
    connection: Connection,
    query: StoreQuery,
    scope: SearchScope,
    *,
    limit: int,
    within: Sequence[int] | None,
    title_weight: float,
) -> list[Sequence[Any]]:
    """The rows ``search`` returns, best first: id, source id, label, kind, has_code, bm25,
    title, content, facts (the texts ``None`` for a chunk whose text is missing)."""
    match = store_match(query)
    filters, _ = scope_filters(scope)
    if within is None and not filters:
        rows = connection.execute(
            unfiltered_with_texts_sql(query.layer), (title_weight, match, limit)
        ).fetchall()
        if all(row[2] is not None for row in rows):
            return rows
    sql, filter_params = ranking_sql(query.layer, scope, within is not None)
    params: list[Any] = [title_weight, match, *filter_params]
    if within is not None:
        params.append(json.dumps([int(chunk_id) for chunk_id in within]))
    params.append(limit)
    return connection.execute(with_texts_sql(sql), params).fetchall()


def with_texts_sql(ranking: str) -> str:
    """A ranking statement's rows (``ranking_sql``) with their chunks' texts, read only for the
    rows it keeps: the ranking is materialised, limit and all, before the texts are joined."""
    return (
        f"WITH r AS MATERIALIZED ({ranking}) SELECT r.*, t.title, t.content, t.facts "
        "FROM r LEFT JOIN chunk_texts t ON t.id = r.id ORDER BY r.score, r.id"
    )


_KIND = {kind.value: kind for kind in SourceKind}


def search(
    connection: Connection,
    query: StoreQuery,
    scope: SearchScope,
    *,
    limit: int,
    within: Sequence[int] | None,
    title_weight: float,
) -> list[LayerHit]:
    if limit <= 0 or (within is not None and not within) or query.layer not in TABLES:
        return []
    try:
        rows = _ranked(
            connection, query, scope, limit=limit, within=within, title_weight=title_weight
        )
    except OperationalError:
        return []  # an expression FTS5 rejects matches nothing
    return [
        LayerHit(
            chunk_id=row[0],
            source_id=row[1],
            label=row[2],
            kind=_KIND[row[3]],
            title=row[6],
            content=row[7],
            has_code=bool(row[4]),
            relevance=-row[5],  # bm25 is lower-is-better
            facts=row[8],
        )
        for row in rows
        if row[7] is not None
    ]
