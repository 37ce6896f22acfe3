"""One layer's search on the team server, ranked higher-is-better (ADR 0077).

Words: ``capy.postings`` finds the chunks holding the query's rarest words (ADR 0097), ``@@``
checks the whole ``tsquery`` on those; ``ts_rank`` (which knows no word rarity) picks the
``pool`` most promising of them, and those are rescored in SQL with bm25 — each query word
weighed by its rarity in the project (``capy.word_counts``), its occurrences in title, content
and facts saturated against the project's average lengths (``capy.projects``) — the formula
SQLite's FTS5 uses.

Substrings: ``ILIKE`` over title and content. Under row-level security no index can answer
ILIKE itself (it is not leakproof, ADR 0097), so a substring's candidates come from
``capy.trigrams`` (ADR 0112): the chunks holding its rarest trigram, found by text equality,
which an index does answer. At most ``SUBSTRING_READ_BOUND`` candidates are read (the newest)
and ``bound`` matching ones ranked; when a query's trigrams are so common that the first bound
cuts the search short, the store says so on the ``capy.store`` logger.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from typing import Any

from adapters.postgres.team_query import (
    CONFIG,
    TRIGRAM_LENGTH,
    AllOf,
    AnyOf,
    Node,
    positive_terms,
    substring_condition,
    words_tsquery,
)
from adapters.postgres.words import words_text
from domain.search_hit import LayerHit, SearchScope
from domain.source_kind import SourceKind

_log = logging.getLogger("capy.store")

K1, B = 1.2, 0.75
_UPPER = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
_LOWER = _UPPER.lower()
_ASCII_LOWER = str.maketrans(_UPPER, _LOWER)
POOL_PER_RESULT = 2
MIN_POOL = 100
WORDS_BOUND = 1000
SUBSTRING_BOUND = 500
SUBSTRING_READ_BOUND = 500


def _scope_filters(scope: SearchScope, within: Sequence[int] | None) -> tuple[str, list[Any]]:
    filters: list[str] = []
    params: list[Any] = []
    kinds = scope.effective_kinds()
    if kinds is not None:
        filters.append("s.kind = ANY(%s)")
        params.append(sorted(kind.value for kind in kinds))
    if scope.source:
        if scope.exact_source:
            filters.append("s.label = %s")
            params.append(scope.source)
        else:
            escaped = scope.source.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")
            # SQLite's LIKE folds ASCII letters only (``é`` never matches ``É``): so does this.
            filters.append(f"translate(s.label, '{_UPPER}', '{_LOWER}') LIKE %s")
            params.append(f"%{escaped.translate(_ASCII_LOWER)}%")
    if within is not None:
        filters.append("c.id = ANY(%s)")
        params.append([int(chunk_id) for chunk_id in within])
    return "".join(f" AND {condition}" for condition in filters), params


# A word's chunk count, looked up one word at a time (a plan that cannot turn into reading
# the project's whole vocabulary when the table's statistics are young).
_DF = (
    "coalesce((SELECT wc.chunks FROM capy.word_counts wc "
    "WHERE wc.project = %(p)s AND wc.word = {word}), 0)"
)


def _words_sql(query_sql: str, where: str) -> str:
    # FTS5's bm25, term by term: the term's occurrences in a row weighted per column and summed
    # (title × title_weight), saturated once against the row's whole length (all columns).
    frequency = "(%(tw)s * po.title_tf + po.content_tf + po.facts_tf)"
    length = "(scored_c.title_len + scored_c.content_len + scored_c.facts_len)"
    saturated = (
        f"{frequency} * {K1 + 1} / ({frequency} + {K1} * ({1 - B} + {B} * {length} / t.avgdl))"
    )
    # Under row-level security only leakproof operators reach an index (text = text does, @@
    # does not): the chunks are found through ``capy.postings`` by word, the rarest word of
    # every alternative of one group (the rarest group when all must match), and ``@@`` then
    # checks the whole query on those chunks alone — read by key (``= ANY(ARRAY(…))``: a join
    # on the found ids let the planner, misjudging their number, read every chunk instead).
    return f"""
WITH q AS (SELECT {query_sql} AS q),
t AS MATERIALIZED (SELECT greatest(p.chunks, 1)::float8 AS n,
             greatest((p.title_tokens + p.content_tokens + p.facts_tokens)::float8
                      / greatest(p.chunks, 1), 1) AS avgdl
      FROM capy.projects p WHERE p.project = %(p)s),
alternatives AS MATERIALIZED (
    SELECT a.g, a.n, w.lexeme, {_DF.format(word="w.lexeme")} AS df
    FROM unnest(%(alt_texts)s::text[], %(alt_groups)s::int[]) WITH ORDINALITY AS a(t, g, n)
    CROSS JOIN LATERAL unnest(to_tsvector('{CONFIG}', a.t)) w),
rarest AS (SELECT DISTINCT ON (n) g, lexeme, df FROM alternatives ORDER BY n, df, lexeme),
driver AS (
    SELECT DISTINCT lexeme FROM rarest
    WHERE %(any)s OR g = (SELECT g FROM rarest GROUP BY g ORDER BY sum(df), g LIMIT 1)),
found_ids AS MATERIALIZED (
    SELECT DISTINCT po.chunk_id FROM capy.postings po
    WHERE po.project = %(p)s AND po.word = ANY(ARRAY(SELECT lexeme FROM driver))),
matched AS MATERIALIZED (
    SELECT c.id, c.source_id, s.label, s.kind, c.has_code, c.words,
           c.title_len, c.content_len, c.facts_len
    FROM capy.chunks c JOIN capy.sources s ON s.id = c.source_id CROSS JOIN q
    WHERE c.id = ANY(ARRAY(SELECT f.chunk_id FROM found_ids f))
      AND c.project = %(p)s AND c.words @@ q.q{where}
    LIMIT %(bound)s),
cand AS MATERIALIZED (
    SELECT m.* FROM matched m CROSS JOIN q
    ORDER BY ts_rank(%(rank_weights)s::float4[], m.words, q.q, 1) DESC, m.id
    LIMIT %(pool)s),
terms AS MATERIALIZED (
    SELECT d.word, greatest(ln((t.n - d.df + 0.5) / (d.df + 0.5)), 1e-6) AS idf
    FROM (SELECT DISTINCT w.lexeme AS word, {_DF.format(word="w.lexeme")} AS df
          FROM unnest(to_tsvector('{CONFIG}', %(terms)s)) w) d CROSS JOIN t),
scored AS (
    SELECT scored_c.*,
           (SELECT coalesce(sum(terms.idf * {saturated}), 0)
            FROM terms JOIN capy.postings po
              ON po.chunk_id = scored_c.id AND po.word = terms.word)
           AS score
    FROM cand scored_c CROSS JOIN t)
SELECT scored.id, scored.source_id, scored.label, scored.kind, scored.has_code,
       scored.score, c.title, c.content, c.facts, (SELECT count(*) FROM matched) AS found
FROM scored JOIN capy.chunks c ON c.id = scored.id
ORDER BY scored.score DESC, scored.id
LIMIT %(limit)s"""


def search_words(
    connection: Any,
    project: str,
    query: Node,
    scope: SearchScope,
    *,
    limit: int,
    within: Sequence[int] | None,
    title_weight: float,
) -> list[tuple[LayerHit, float]]:
    rendered = words_tsquery(query)
    if rendered is None or limit <= 0 or (within is not None and not within):
        return []
    query_sql, query_params = rendered
    where, filter_params = _scope_filters(scope, within)
    named, positional = _named(query_sql, query_params, where, filter_params)
    sql = _words_sql(named[0], named[1])
    params = {
        **positional,
        "p": project,
        "tw": title_weight,
        "pool": max(limit * POOL_PER_RESULT, MIN_POOL),
        "bound": WORDS_BOUND,
        # ts_rank's weights (D, C, B, A) lie in [0, 1]: the title's is 1, the others relative.
        "rank_weights": [0.0, *[1.0 / max(title_weight, 1.0)] * 2, 1.0],
        "terms": " ".join(words_text(term) for term in positive_terms(query)),
        **_alternatives(query),
        "limit": limit,
    }
    rows = connection.execute(sql, params).fetchall()
    if rows and int(rows[0][9]) >= WORDS_BOUND:
        _log.info(
            "words search: %s matched at least %d chunks; ranked the first %d found "
            "(a rarer word narrows it)",
            params["terms"] or "the query",
            WORDS_BOUND,
            WORDS_BOUND,
        )
    return [_hit(row) for row in rows]


def _alternatives(query: Node) -> dict[str, Any]:
    """Each alternative's words and its group's number, and whether any group may match."""
    texts, numbers = _grouped(query, lambda term: words_text(term) or None)
    return {"alt_texts": texts, "alt_groups": numbers, "any": isinstance(query, AnyOf)}


def _grouped(query: Node, text_of: Callable[[str], str | None]) -> tuple[list[str], list[int]]:
    """Each positive term's text (``None``: left out) and the number of its group."""
    groups = query.items if isinstance(query, AllOf | AnyOf) else (query,)
    texts: list[str] = []
    numbers: list[int] = []
    for number, group in enumerate(groups):
        for term in positive_terms(group):
            if (text := text_of(term)) is not None:
                texts.append(text)
                numbers.append(number)
    return texts, numbers


def _named(
    query_sql: str, query_params: list[Any], where: str, filter_params: list[Any]
) -> tuple[tuple[str, str], dict[str, Any]]:
    """Turn the fragments' positional ``%s`` into named parameters (the SQL mixes both)."""
    values: dict[str, Any] = {}

    def name(fragment: str, params: list[Any], prefix: str) -> str:
        parts = fragment.split("%s")
        out = parts[0]
        for index, (param, rest) in enumerate(zip(params, parts[1:], strict=True)):
            key = f"{prefix}{index}"
            values[key] = param
            out += f"%({key})s" + rest
        return out

    return (name(query_sql, query_params, "q"), name(where, filter_params, "f")), values


def search_substrings(
    connection: Any,
    project: str,
    query: Node,
    scope: SearchScope,
    *,
    limit: int,
    within: Sequence[int] | None,
    title_weight: float,
    bound: int = SUBSTRING_BOUND,
) -> list[tuple[LayerHit, float]]:
    rendered = substring_condition(query)
    if rendered is None or limit <= 0 or (within is not None and not within):
        return []
    condition, condition_params = rendered
    where, filter_params = _scope_filters(scope, within)
    named, positional = _named(condition, condition_params, where, filter_params)
    units = [term.lower() for term in positive_terms(query) if term]
    title_score = (
        " + ".join(
            f"(CASE WHEN lower(c.title) LIKE %(u{i})s THEN %(tw)s ELSE 0 END"
            f" + CASE WHEN lower(c.content) LIKE %(u{i})s THEN 1 ELSE 0 END)"
            for i in range(len(units))
        )
        or "0"
    )
    unit_params = {
        f"u{i}": "%" + unit.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_") + "%"
        for i, unit in enumerate(units)
    }
    read = SUBSTRING_READ_BOUND
    sql = _substrings_sql(
        _WITHIN_CANDIDATES if within is not None else _TRIGRAM_CANDIDATES,
        title_score,
        named[0] + named[1],
    )
    params = {
        **positional,
        **unit_params,
        **_substring_alternatives(query),
        "p": project,
        "tw": title_weight,
        "bound": bound,
        "read": read,
        "rows": read,
        "within": [int(chunk_id) for chunk_id in within or ()],
        "limit": limit,
    }
    rows = connection.execute(sql, params).fetchall()
    too_common = within is None and bool(rows) and int(rows[0][10]) >= read
    if too_common:
        _log.warning(
            "substring search: %s is too common (its rarest trigram is in more than %d "
            "chunks): searched the newest %d of them; a longer or rarer substring narrows it, "
            "and the words layer searches every chunk",
            " / ".join(units) or "the query",
            read,
            read,
        )
    if not too_common and rows and int(rows[0][9]) >= bound:
        # After the warning above one is enough: its advice is the same.
        _log.warning(
            "substring search: %s matched at least %d chunks; ranked the first %d found "
            "(a longer or rarer substring narrows it)",
            " / ".join(units) or "the query",
            bound,
            bound,
        )
    return [_hit(row) for row in rows]


def _substring_alternatives(query: Node) -> dict[str, Any]:
    """Each alternative's text and its group's number, and whether any group may match."""
    texts, numbers = _grouped(query, lambda term: term.replace("\x00", ""))
    return {"unit_texts": texts, "unit_groups": numbers, "any": isinstance(query, AnyOf)}


# A substring's chunks are among those holding its rarest trigram (``capy.trigrams``: text
# equality, which an index answers under row-level security, ADR 0112); counting a trigram's
# sources stops at ``rows``. The rarest trigram of every alternative of one group (the rarest
# group when all must match, every group when any may) gives the candidates, the newest
# ``read`` of them; ILIKE then checks each candidate whole.
_TRIGRAM_CANDIDATES = f"""
units AS MATERIALIZED (
    SELECT u.n, u.g, lower(u.t) AS t
    FROM unnest(%(unit_texts)s::text[], %(unit_groups)s::int[]) WITH ORDINALITY AS u(t, g, n)
    WHERE length(u.t) >= {TRIGRAM_LENGTH}),
counted AS MATERIALIZED (
    SELECT d.n, d.g, d.trigram,
           (SELECT count(*) FROM (SELECT 1 FROM capy.trigrams tg
                                  WHERE tg.project = %(p)s AND tg.trigram = d.trigram
                                  LIMIT %(rows)s) x) AS df
    FROM (SELECT DISTINCT units.n, units.g, substr(units.t, i, {TRIGRAM_LENGTH}) AS trigram
          FROM units, generate_series(1, length(units.t) - {TRIGRAM_LENGTH - 1}) i) d),
rarest AS (SELECT DISTINCT ON (n) g, trigram, df FROM counted ORDER BY n, df, trigram),
driver AS (
    SELECT DISTINCT trigram FROM rarest
    WHERE %(any)s OR g = (SELECT g FROM rarest GROUP BY g ORDER BY sum(df), g LIMIT 1)),
candidates AS MATERIALIZED (
    SELECT DISTINCT x.id FROM driver d
    CROSS JOIN LATERAL (
        SELECT tg.chunk_ids, sum(cardinality(tg.chunk_ids)) OVER (ORDER BY tg.source_id DESC)
                             - cardinality(tg.chunk_ids) AS before
        FROM capy.trigrams tg WHERE tg.project = %(p)s AND tg.trigram = d.trigram
        ORDER BY tg.source_id DESC LIMIT %(rows)s) r
    CROSS JOIN LATERAL unnest(r.chunk_ids) x(id)
    WHERE r.before < %(read)s
    ORDER BY x.id DESC LIMIT %(read)s)"""
# Chunks named by ``within`` are searched wherever they are.
_WITHIN_CANDIDATES = """
candidates AS MATERIALIZED (SELECT DISTINCT unnest(%(within)s::bigint[]) AS id)"""


def _substrings_sql(candidates: str, title_score: str, where: str) -> str:
    return f"""
WITH {candidates.strip()},
found AS (
    SELECT c.id, c.source_id, s.label, s.kind, c.has_code,
           ({title_score})::float8 / (1 + ln(1 + c.title_len + c.content_len) / 10) AS score
    FROM candidates k JOIN capy.chunks c ON c.id = k.id
    JOIN capy.sources s ON s.id = c.source_id
    WHERE c.project = %(p)s AND {where}
    LIMIT %(bound)s)
SELECT found.id, found.source_id, found.label, found.kind, found.has_code, found.score,
       c.title, c.content, c.facts, (SELECT count(*) FROM found) AS found,
       (SELECT count(*) FROM candidates) AS read
FROM found JOIN capy.chunks c ON c.id = found.id
ORDER BY found.score DESC, found.id
LIMIT %(limit)s"""


def _hit(row: tuple[Any, ...]) -> tuple[LayerHit, float]:
    score = float(row[5])
    hit = LayerHit(
        chunk_id=int(row[0]),
        source_id=int(row[1]),
        label=row[2],
        kind=SourceKind(row[3]),
        title=row[6],
        content=row[7],
        has_code=bool(row[4]),
        relevance=score,
        facts=row[8],
    )
    return hit, score
