"""Everything that changes a project's rows on the team server: index, touch, access, delete.

Writers of one project take turns on the project's row in ``capy.projects`` (locked first in
every write), which keeps its word counts and token totals exact without deadlocks; the
``UNIQUE (project, label)`` constraint and ``INSERT … ON CONFLICT`` guarantee that two writers
of one label never make two sources (ADR 0076). Readers never wait.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from datetime import datetime
from typing import Any

from adapters.postgres.rows import SOURCE_COLUMNS, clean, to_source
from adapters.postgres.words import token_count, words_text
from domain.source import IndexOutcome, Source, SourceDocument

CONFIG = "capy.english"

_LOCK_PROJECT = """INSERT INTO capy.projects (project) VALUES (%(p)s)
    ON CONFLICT (project) DO UPDATE SET chunks = capy.projects.chunks"""
_BY_LABEL = f"SELECT {SOURCE_COLUMNS} FROM capy.sources WHERE project = %(p)s AND label = %(label)s"
_INSERT_SOURCE = f"""INSERT INTO capy.sources
    (project, label, kind, content_type, chunk_count, code_chunk_count, size_bytes,
     content_hash, indexed_at, last_accessed_at, access_count)
    VALUES (%(p)s, %(label)s, %(kind)s, %(type)s, %(chunks)s, %(code)s, %(size)s, %(hash)s,
            %(now)s, %(now)s, 0)
    ON CONFLICT (project, label) DO NOTHING
    RETURNING {SOURCE_COLUMNS}"""
_INSERT_CHUNKS = f"""INSERT INTO capy.chunks
    (project, source_id, has_code, title, content, facts, title_len, content_len, facts_len, words)
    SELECT %(p)s, %(source)s, u.has_code, u.title, u.content, u.facts, u.tl, u.cl, u.fl,
           setweight(to_tsvector('{CONFIG}', u.tw), 'A')
           || setweight(to_tsvector('{CONFIG}', u.cw), 'B')
           || setweight(to_tsvector('{CONFIG}', u.fw), 'C')
    FROM unnest(%(has_code)s::boolean[], %(title)s::text[], %(content)s::text[],
                %(facts)s::text[], %(tl)s::int[], %(cl)s::int[], %(fl)s::int[],
                %(tw)s::text[], %(cw)s::text[], %(fw)s::text[])
         WITH ORDINALITY AS u(has_code, title, content, facts, tl, cl, fl, tw, cw, fw, n)
    ORDER BY u.n
    RETURNING id, lower(title || E'\\n' || content)"""
_COUNT_WORDS = """INSERT INTO capy.word_counts (project, word, chunks)
    SELECT %(p)s, w.lexeme, count(*) FROM capy.chunks c, unnest(c.words) w
    WHERE c.source_id = %(source)s GROUP BY w.lexeme ORDER BY w.lexeme
    ON CONFLICT (project, word) DO UPDATE SET chunks = capy.word_counts.chunks + excluded.chunks"""
_POSTINGS = """INSERT INTO capy.postings (project, word, chunk_id, title_tf, content_tf, facts_tf)
    SELECT %(p)s, w.lexeme, c.id, cardinality(array_positions(w.weights, 'A')),
           cardinality(array_positions(w.weights, 'B')),
           cardinality(array_positions(w.weights, 'C'))
    FROM capy.chunks c, unnest(c.words) w WHERE c.source_id = %(source)s
    ORDER BY w.lexeme, c.id"""
# Each trigram of the source's lower-cased text (lower-cased by the server, as ILIKE does) and
# the chunks holding it: the substrings layer's index under row-level security (ADR 0112).
_TRIGRAMS = """INSERT INTO capy.trigrams (project, trigram, source_id, chunk_ids)
    SELECT %(p)s, u.trigram, %(source)s, u.ids::bigint[]
    FROM unnest(%(trigrams)s::text[], %(ids)s::text[]) AS u(trigram, ids)"""
_ADD_TOTALS = """UPDATE capy.projects SET chunks = chunks + %(n)s,
    title_tokens = title_tokens + %(tl)s, content_tokens = content_tokens + %(cl)s,
    facts_tokens = facts_tokens + %(fl)s WHERE project = %(p)s"""
_VOCABULARY = """INSERT INTO capy.vocabulary (project, word)
    SELECT %(p)s, w FROM unnest(%(words)s::text[]) AS w ORDER BY w ON CONFLICT DO NOTHING"""


def index_document(
    connection: Any, project: str, document: SourceDocument, label: str, now: datetime
) -> IndexOutcome:
    """Dedup by label, replace on new content, insert the chunks: one transaction."""
    base = {"p": project, "label": label}
    with connection.transaction():
        connection.execute(_LOCK_PROJECT, base)
        row = connection.execute(_BY_LABEL, base).fetchone()
        existing = to_source(row) if row else None
        if existing is not None and existing.content_hash == document.content_hash:
            touched = connection.execute(
                f"UPDATE capy.sources SET kind = %(kind)s, last_accessed_at = %(now)s "
                f"WHERE id = %(id)s RETURNING {SOURCE_COLUMNS}",
                {"kind": document.kind.value, "now": now, "id": existing.id},
            ).fetchone()
            return IndexOutcome(source=to_source(touched), already_indexed=True)
        if existing is not None:
            _delete(connection, project, [existing.id])
        source = _insert(connection, project, document, label, now)
    return IndexOutcome(source=source, already_indexed=False, replaced=existing is not None)


def _insert(
    connection: Any, project: str, document: SourceDocument, label: str, now: datetime
) -> Source:
    chunks = document.chunks
    row = connection.execute(
        _INSERT_SOURCE,
        {
            "p": project,
            "label": label,
            "kind": document.kind.value,
            "type": document.content_type.value,
            "chunks": len(chunks),
            "code": sum(1 for chunk in chunks if chunk.has_code),
            "size": document.size_bytes,
            "hash": document.content_hash,
            "now": now,
        },
    ).fetchone()
    if row is None:  # unreachable while writers take turns: the label was taken meanwhile
        raise RuntimeError(f"another writer indexed {label!r} at the same moment")
    source = to_source(row)
    titles = [clean(c.title) for c in chunks]
    contents = [clean(c.content) for c in chunks]
    facts = [clean(c.facts) for c in chunks]
    title_words = [words_text(t) for t in titles]
    content_words = [words_text(t) for t in contents]
    fact_words = [words_text(t) for t in facts]
    lengths = {
        "tl": [token_count(t) for t in title_words],
        "cl": [token_count(t) for t in content_words],
        "fl": [token_count(t) for t in fact_words],
    }
    if chunks:
        texts = connection.execute(
            _INSERT_CHUNKS,
            {
                "p": project,
                "source": source.id,
                "has_code": [c.has_code for c in chunks],
                "title": titles,
                "content": contents,
                "facts": facts,
                **lengths,
                "tw": title_words,
                "cw": content_words,
                "fw": fact_words,
            },
        ).fetchall()
        connection.execute(_COUNT_WORDS, {"p": project, "source": source.id})
        connection.execute(_POSTINGS, {"p": project, "source": source.id})
        trigrams = chunk_trigrams(texts)
        connection.execute(
            _TRIGRAMS,
            {
                "p": project,
                "source": source.id,
                "trigrams": list(trigrams),
                "ids": ["{" + ",".join(map(str, ids)) + "}" for ids in trigrams.values()],
            },
        )
    connection.execute(
        _ADD_TOTALS,
        {"p": project, "n": len(chunks), **{key: sum(value) for key, value in lengths.items()}},
    )
    words = sorted({clean(word) for word in document.vocabulary if word})
    if words:
        connection.execute(_VOCABULARY, {"p": project, "words": words})
    return source


def chunk_trigrams(texts: Iterable[tuple[int, str]]) -> dict[str, list[int]]:
    """Each trigram (three consecutive characters) of the chunks' texts, with the ids of the
    chunks holding it, in id order."""
    found: dict[str, list[int]] = {}
    for chunk_id, text in sorted(texts):
        for trigram in {text[i : i + 3] for i in range(len(text) - 2)}:
            found.setdefault(trigram, []).append(chunk_id)
    return found


def _delete(connection: Any, project: str, source_ids: Sequence[int]) -> int:
    """Remove the sources (their chunks cascade), keeping word counts and totals exact."""
    ids = list(source_ids)
    emptied = [
        row[0]
        for row in connection.execute(
            """WITH gone AS (
                   SELECT w.lexeme, count(*) AS n FROM capy.chunks c, unnest(c.words) w
                   WHERE c.source_id = ANY(%(ids)s) GROUP BY w.lexeme)
               UPDATE capy.word_counts wc SET chunks = wc.chunks - gone.n FROM gone
               WHERE wc.project = %(p)s AND wc.word = gone.lexeme RETURNING wc.word, wc.chunks""",
            {"ids": ids, "p": project},
        )
        if row[1] <= 0
    ]
    if emptied:
        connection.execute(
            "DELETE FROM capy.word_counts WHERE project = %(p)s AND word = ANY(%(w)s)",
            {"p": project, "w": emptied},
        )
    connection.execute(
        """UPDATE capy.projects p SET chunks = p.chunks - g.n, title_tokens = p.title_tokens - g.tl,
               content_tokens = p.content_tokens - g.cl, facts_tokens = p.facts_tokens - g.fl
           FROM (SELECT count(*) AS n, coalesce(sum(title_len), 0) AS tl,
                        coalesce(sum(content_len), 0) AS cl, coalesce(sum(facts_len), 0) AS fl
                 FROM capy.chunks WHERE source_id = ANY(%(ids)s)) g
           WHERE p.project = %(p)s""",
        {"ids": ids, "p": project},
    )
    connection.execute(
        "DELETE FROM capy.trigrams WHERE project = %(p)s AND source_id = ANY(%(ids)s)",
        {"ids": ids, "p": project},
    )
    cursor = connection.execute(
        "DELETE FROM capy.sources WHERE project = %(p)s AND id = ANY(%(ids)s)",
        {"ids": ids, "p": project},
    )
    return int(cursor.rowcount)


def delete_sources(connection: Any, project: str, source_ids: Iterable[int]) -> int:
    ids = sorted(set(source_ids))
    if not ids:
        return 0
    with connection.transaction():
        connection.execute(_LOCK_PROJECT, {"p": project})
        return _delete(connection, project, ids)


def record_access(connection: Any, source_ids: Iterable[int], at: datetime) -> None:
    ids = sorted(set(source_ids))
    if ids:
        connection.execute(
            "UPDATE capy.sources SET access_count = access_count + 1, last_accessed_at = %(at)s "
            "WHERE id = ANY(%(ids)s)",
            {"at": at, "ids": ids},
        )
