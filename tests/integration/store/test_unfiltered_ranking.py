"""A search nothing narrows ranks in the full-text table alone and joins only the rows it keeps:
the same rows, in the same order, as the statement that joins every match."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from adapters.sqlcipher.fts5_syntax import store_match
from adapters.sqlcipher.search_query import ranking_sql, scope_filters, unfiltered_ranking_sql
from adapters.sqlcipher.sqlcipher_knowledge_store import SqlcipherKnowledgeStore
from domain.search.store_query import Combine, StoreQuery
from domain.search_hit import SearchScope
from domain.source_kind import ALL_KINDS, SourceKind
from tests.unit.store.documents import document
from tests.unit.store.queries import substrings, words

EVERY = SearchScope(kinds=ALL_KINDS, kinds_explicit=True)
WORDS = ["deploy", "cache", "error", "timeout", "kubernetes", "redis"]


@pytest.fixture
def store(tmp_path: Path) -> SqlcipherKnowledgeStore:
    store = SqlcipherKnowledgeStore(path=tmp_path / "knowledge.db", key="k" * 32)
    kinds = list(SourceKind)
    for n in range(30):
        # Many chunks of equal text tie on score: the order between them is the chunk id's.
        chunks = [
            (f"{WORDS[(n + i) % 6]} notes", f"{WORDS[i % 6]} {WORDS[(n * i) % 6]} line {i % 3}")
            for i in range(8)
        ]
        store.index(document(f"doc{n}", *chunks, kind=kinds[n % 3]))
    return store


def _joined_everywhere(
    store: SqlcipherKnowledgeStore, query: StoreQuery, limit: int
) -> list[tuple[Any, ...]]:
    sql, params = ranking_sql(query.layer, EVERY, has_within=False)
    explicit = sql.replace(
        " ORDER BY", " AND s.kind IN ('durable', 'ephemeral', 'session') ORDER BY"
    )
    rows = store._pool.connection().execute(explicit, [2.0, store_match(query), *params, limit])
    return list(rows)


QUERIES = [
    words("deploy"),
    words(("error", "timeout"), "cache"),
    words("notes", "line", combine=Combine.ANY),
    substrings("ubernet"),
    substrings(("edi", "ach"), combine=Combine.ANY),
]


@pytest.mark.parametrize("query", QUERIES, ids=store_match)
@pytest.mark.parametrize("limit", [1, 5, 7, 50, 1000])
def test_ranking_in_the_table_alone_keeps_the_rows_and_order_of_joining_every_match(
    store: SqlcipherKnowledgeStore, query: StoreQuery, limit: int
) -> None:
    expected = _joined_everywhere(store, query, limit)
    assert expected
    got = store._pool.connection().execute(
        unfiltered_ranking_sql(query.layer), (2.0, store_match(query), limit)
    )
    assert [tuple(row) for row in got] == [tuple(row) for row in expected]


def test_naming_every_kind_is_no_condition_and_fewer_kinds_are_one() -> None:
    assert scope_filters(EVERY) == ([], [])
    assert scope_filters(SearchScope(kinds=ALL_KINDS)) == ([], [])
    some = scope_filters(SearchScope(kinds=frozenset({SourceKind.DURABLE})))
    assert some == (["s.kind IN (?)"], ["durable"])


def test_a_match_with_no_owner_is_skipped_and_the_limit_still_filled(
    store: SqlcipherKnowledgeStore,
) -> None:
    before = [hit.chunk_id for hit in store.search(words("deploy"), EVERY, 4)]
    connection = store._pool.connection()
    with connection:
        connection.execute("DELETE FROM chunk_owners WHERE id = ?", (before[0],))
    after = [hit.chunk_id for hit in store.search(words("deploy"), EVERY, 3)]
    assert after == before[1:]


def test_a_narrowed_search_still_filters_before_ranking(store: SqlcipherKnowledgeStore) -> None:
    durable = SearchScope(kinds=frozenset({SourceKind.DURABLE}), kinds_explicit=True)
    hits = store.search(words("deploy"), durable, 500)
    assert hits
    assert {hit.kind for hit in hits} == {SourceKind.DURABLE}
    assert len(store.search(words("deploy"), EVERY, 500)) > len(hits)


@pytest.mark.parametrize("query", QUERIES, ids=store_match)
@pytest.mark.parametrize("limit", [1, 5, 50, 1000])
def test_reading_the_texts_in_the_ranking_statement_returns_the_hits_of_reading_them_by_id(
    store: SqlcipherKnowledgeStore, query: StoreQuery, limit: int
) -> None:
    narrowed = SearchScope(kinds=ALL_KINDS, source="doc", kinds_explicit=True)  # every label
    assert scope_filters(narrowed)[0]
    by_id = store.search(query, narrowed, limit)
    assert by_id
    assert store.search(query, EVERY, limit) == by_id


def test_a_match_whose_text_is_missing_is_left_out(store: SqlcipherKnowledgeStore) -> None:
    before = store.search(words("deploy"), EVERY, 4)
    connection = store._pool.connection()
    with connection:
        connection.execute("DELETE FROM chunk_texts WHERE id = ?", (before[1].chunk_id,))
    after = store.search(words("deploy"), EVERY, 4)
    assert [hit.chunk_id for hit in after] == [
        before[0].chunk_id,
        *(h.chunk_id for h in before[2:]),
    ]
