"""The knowledge store of one project on a team's PostgreSQL server (ADR 0076, 0077).

Connects as a member role (never a superuser or the tables' owner, see ``conninfo``), over TLS
off loopback, through a small pool of connections shared by the server's threads. Every row
carries the project; row-level security on the server lets the role see and write only the
projects it is a member of, so this store cannot reach another project even by mistake.
Labels are redacted like content before they leave the machine (a fetched URL may carry a
token in its query string).
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Collection, Iterable, Sequence
from datetime import datetime
from typing import Any

from adapters.postgres import migrations, team_search, team_writer
from adapters.postgres.connect import explain
from adapters.postgres.conninfo import display, refuse_privileged_role, secure_conninfo
from adapters.postgres.rows import SOURCE_COLUMNS, clean, to_source
from adapters.postgres.team_query import from_store_query
from adapters.postgres.words import words_text
from adapters.system_clock import SystemClock
from application.ports.clock import Clock
from application.ports.file_upkeep import FileUpkeep
from application.ports.knowledge_store import KnowledgeStore, StoredChunk, StoreStats
from domain.chunk import Chunk
from domain.errors import StoreError
from domain.redaction import redact_secrets
from domain.search.store_query import StoreQuery
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

_log = logging.getLogger("capy.store")
# A phrase's chunks: those holding its rarest word (found by index, ADR 0097), checked whole.
_PHRASE_CHUNKS = """SELECT count(*) FROM capy.chunks c
    WHERE c.id IN (SELECT po.chunk_id FROM capy.postings po WHERE po.project = %(p)s
                   AND po.word = (SELECT w.lexeme FROM unnest(to_tsvector('capy.english', %(t)s)) w
                                  LEFT JOIN capy.word_counts wc
                                    ON wc.project = %(p)s AND wc.word = w.lexeme
                                  ORDER BY coalesce(wc.chunks, 0), w.lexeme LIMIT 1))
      AND c.project = %(p)s AND c.words @@ phraseto_tsquery('capy.english', %(t)s)"""


class PostgresKnowledgeStore(KnowledgeStore, FileUpkeep):
    """Opens a pool to ``url`` and checks the role, the schema and the membership at once;
    raises ``StoreError`` (with the fix) when any of them is wrong."""

    def __init__(
        self,
        url: str,
        project: str,
        *,
        title_weight: float = 2.0,
        clock: Clock | None = None,
        pool_size: int = 4,
    ) -> None:
        import psycopg
        from psycopg_pool import ConnectionPool

        self._url = url
        self._project = project
        self._title_weight = title_weight
        self._clock = clock or SystemClock()
        conninfo = secure_conninfo(url)
        try:
            with psycopg.connect(conninfo, autocommit=True) as first:
                self._check(first)
        except psycopg.Error as error:
            raise explain(error, url) from None
        self._pool: Any = ConnectionPool(
            conninfo,
            min_size=1,
            max_size=max(pool_size, 1),
            kwargs={"autocommit": True},
            name="capy-team",
            open=True,
        )

    @property
    def project(self) -> str:
        return self._project

    @property
    def location(self) -> str:
        return display(self._url)

    def _check(self, connection: Any) -> None:
        refuse_privileged_role(connection)
        applied = migrations.applied(connection)
        if applied is None or migrations.latest() not in applied:
            raise StoreError(
                f"the team server {display(self._url)} has "
                + ("no capy schema" if applied is None else "an older capy schema"),
                "the team's owner runs: capy team init --url OWNER_URL",
            )
        member = connection.execute(
            "SELECT 1 FROM capy.members WHERE role_name = current_user AND project = %s",
            (self._project,),
        ).fetchone()
        if member is None:
            raise StoreError(
                f"the role {connection.info.user} is not a member of the team project "
                f"{self._project!r}",
                f"the team's owner runs: capy team add-member --url OWNER_URL --role "
                f"{connection.info.user} --project {self._project}",
            )

    def _run(self, work: Any) -> Any:
        import psycopg

        try:
            with self._pool.connection() as connection:
                return work(connection)
        except psycopg.Error as error:
            raise StoreError(
                f"the team server {display(self._url)} failed: {str(error).strip()}",
                "capy team status shows the connection and the schema",
            ) from None

    def _label(self, label: str) -> str:
        return clean(redact_secrets(label))

    def index_streamed(
        self,
        head: DocumentHead,
        batches: Iterable[Sequence[Chunk]],
        vocabulary: Callable[[], Iterable[frozenset[str]]],
    ) -> IndexOutcome:
        return self.index(head.document(gathered(batches), gathered_words(vocabulary())))

    def index(self, document: SourceDocument) -> IndexOutcome:
        label = self._label(document.label)
        now = self._clock.now()
        outcome: IndexOutcome = self._run(
            lambda c: team_writer.index_document(c, self._project, document, label, now)
        )
        return outcome

    def source_by_label(self, label: str) -> Source | None:
        row = self._run(
            lambda c: c.execute(
                f"SELECT {SOURCE_COLUMNS} FROM capy.sources WHERE project = %s AND label = %s",
                (self._project, self._label(label)),
            ).fetchone()
        )
        return to_source(row) if row else None

    def sources(self, kinds: Collection[SourceKind] | None = None) -> list[Source]:
        sql = f"SELECT {SOURCE_COLUMNS} FROM capy.sources WHERE project = %s"
        params: list[Any] = [self._project]
        if kinds is not None:
            sql += " AND kind = ANY(%s)"
            params.append(sorted(kind.value for kind in kinds))
        rows = self._run(lambda c: c.execute(sql + " ORDER BY id", params).fetchall())
        return [to_source(row) for row in rows]

    def source_counts(self, kinds: Collection[SourceKind] | None = None) -> dict[SourceKind, int]:
        counts: dict[SourceKind, int] = self._run(lambda c: _source_counts(c, self._project, kinds))
        return counts

    def source_labels(self) -> list[str]:
        rows = self._run(
            lambda c: c.execute(
                "SELECT label FROM capy.sources WHERE project = %s", (self._project,)
            ).fetchall()
        )
        return [row[0] for row in rows]

    def chunks_of(self, source_id: int) -> list[StoredChunk]:
        rows = self._run(
            lambda c: c.execute(
                "SELECT id, title, content, has_code, facts FROM capy.chunks "
                "WHERE project = %s AND source_id = %s ORDER BY id",
                (self._project, source_id),
            ).fetchall()
        )
        return [
            StoredChunk(int(row[0]), source_id, Chunk(row[1], row[2], bool(row[3]), row[4]))
            for row in rows
        ]

    def search(
        self,
        query: StoreQuery,
        scope: SearchScope,
        limit: int,
        within: Sequence[int] | None = None,
    ) -> list[LayerHit]:
        """Words or substrings, ranked higher-is-better (ADR 0077); [] for another layer."""
        if query.layer is SearchLayer.WORDS:
            run = team_search.search_words
        elif query.layer is SearchLayer.SUBSTRINGS:
            run = team_search.search_substrings
        else:
            return []
        tree = from_store_query(query)
        hits: list[tuple[LayerHit, float]] = self._run(
            lambda c: run(
                c,
                self._project,
                tree,
                scope,
                limit=limit,
                within=within,
                title_weight=self._title_weight,
            )
        )
        return [hit for hit, _ in hits]

    def vocabulary_between(self, min_length: int, max_length: int) -> list[str]:
        rows = self._run(
            lambda c: c.execute(
                "SELECT word FROM capy.vocabulary WHERE project = %s "
                "AND length(word) BETWEEN %s AND %s ORDER BY word",
                (self._project, min_length, max_length),
            ).fetchall()
        )
        return [row[0] for row in rows]

    def has_word(self, word: str) -> bool:
        row = self._run(
            lambda c: c.execute(
                "SELECT 1 FROM capy.vocabulary WHERE project = %s AND word = %s",
                (self._project, clean(word)),
            ).fetchone()
        )
        return row is not None

    def chunk_frequencies(self, words: Sequence[str]) -> tuple[int, tuple[int, ...]]:
        def count(connection: Any) -> tuple[int, tuple[int, ...]]:
            total = connection.execute(
                "SELECT coalesce((SELECT chunks FROM capy.projects WHERE project = %s), 0)",
                (self._project,),
            ).fetchone()[0]
            found = []
            for word in words:
                text = words_text(word)
                if not text:
                    found.append(0)
                    continue
                if len(text.split()) == 1:
                    row = connection.execute(
                        "SELECT coalesce(sum(wc.chunks), 0) FROM unnest(to_tsvector("
                        "'capy.english', %(t)s)) w JOIN capy.word_counts wc "
                        "ON wc.project = %(p)s AND wc.word = w.lexeme",
                        {"p": self._project, "t": text},
                    ).fetchone()
                else:
                    row = connection.execute(_PHRASE_CHUNKS, {"p": self._project, "t": text})
                    row = row.fetchone()
                found.append(int(row[0]) if row else 0)
            return int(total), tuple(found)

        result: tuple[int, tuple[int, ...]] = self._run(count)
        return result

    def record_access(self, source_ids: Iterable[int], at: datetime) -> None:
        ids = list(source_ids)
        self._run(lambda c: team_writer.record_access(c, ids, at))

    def delete_sources(self, source_ids: Iterable[int]) -> int:
        ids = list(source_ids)
        deleted: int = self._run(lambda c: team_writer.delete_sources(c, self._project, ids))
        return deleted

    def stats(self) -> StoreStats:
        def read(connection: Any) -> StoreStats:
            kinds = _source_counts(connection, self._project)
            chunks, size = connection.execute(
                "SELECT coalesce((SELECT chunks FROM capy.projects WHERE project = %(p)s), 0), "
                "coalesce((SELECT sum(size_bytes) FROM capy.sources WHERE project = %(p)s), 0)",
                {"p": self._project},
            ).fetchone()
            vocabulary = connection.execute(
                "SELECT count(*) FROM capy.vocabulary WHERE project = %s", (self._project,)
            ).fetchone()[0]
            return StoreStats(kinds, int(chunks), int(vocabulary), int(size))

        stats: StoreStats = self._run(read)
        return stats

    # FileUpkeep: a server keeps its own files (autovacuum); a member role may not VACUUM
    # tables it does not own, so compacting prunes the project's vocabulary and nothing more.
    def free_share(self) -> float:
        return 0.0

    def compact(self) -> None:
        """Prunes the project's vocabulary words that no chunk holds any more."""
        self._run(
            lambda c: c.execute(
                "DELETE FROM capy.vocabulary v WHERE v.project = %(p)s AND NOT EXISTS ("
                "SELECT 1 FROM unnest(to_tsvector('capy.english', "
                "regexp_replace(v.word, '[^[:alnum:]]+', ' ', 'g'))) w "
                "JOIN capy.word_counts wc ON wc.project = %(p)s AND wc.word = w.lexeme)",
                {"p": self._project},
            )
        )

    def checkpoint(self, *, required: bool = True) -> None:
        return None

    def release_memory(self) -> None:
        return None

    def drop_cached_pages(self) -> None:
        return None  # the database server keeps its own buffers

    def close(self) -> None:
        self._pool.close()


def _source_counts(
    connection: Any, project: str, kinds: Collection[SourceKind] | None = None
) -> dict[SourceKind, int]:
    """The project's sources of each of ``kinds`` (every kind when ``None``), zero included."""
    sql = "SELECT kind, count(*) FROM capy.sources WHERE project = %s"
    params: list[Any] = [project]
    if kinds is not None:
        sql += " AND kind = ANY(%s)"
        params.append(sorted(kind.value for kind in kinds))
    counts = dict.fromkeys(SourceKind if kinds is None else kinds, 0)
    for kind, count in connection.execute(sql + " GROUP BY kind", params):
        counts[SourceKind(kind)] = int(count)
    return counts
