"""Both full-text tables merge their segments eight at a time (ADR 0146): new files and files
made before the setting take it, and a search answers exactly as with FTS5's default of four."""

from __future__ import annotations

import random
from pathlib import Path

from adapters.sqlcipher.sqlcipher_database_encryptor import SqlcipherDatabaseEncryptor
from adapters.sqlcipher.sqlcipher_knowledge_store import SqlcipherKnowledgeStore
from domain.search.store_query import Combine
from domain.search_hit import SearchScope
from tests.integration.store.helpers import KEY, document, open_store
from tests.unit.store.queries import substrings, words

_TABLES = ("chunks", "chunks_trigram")


def _automerge(store: SqlcipherKnowledgeStore) -> dict[str, int | None]:
    connection = store._pool.connection()
    found: dict[str, int | None] = {}
    for table in _TABLES:
        row = connection.execute(f"SELECT v FROM {table}_config WHERE k = 'automerge'").fetchone()
        found[table] = row[0] if row else None
    return found


def test_a_new_file_merges_eight_segments_at_a_time(tmp_path: Path) -> None:
    store = open_store(tmp_path / "knowledge.db")
    assert _automerge(store) == {"chunks": 8, "chunks_trigram": 8}
    store.close()


def _made_before_the_setting(path: Path) -> None:
    """The file as a capy before this migration left it: no automerge row, no ledger entry."""
    store = open_store(path)
    store.index(document("before", "alpha bravo charlie"))
    connection = store._pool.connection()
    for table in _TABLES:
        connection.execute(f"DELETE FROM {table}_config WHERE k = 'automerge'")
    connection.execute("DELETE FROM migrations WHERE name = '0010_fts_merge_width'")
    assert _automerge(store) == {"chunks": None, "chunks_trigram": None}
    store.close()


def test_a_file_made_before_the_setting_takes_it_when_opened(tmp_path: Path) -> None:
    path = tmp_path / "knowledge.db"
    _made_before_the_setting(path)
    older = open_store(path)
    assert _automerge(older) == {"chunks": 8, "chunks_trigram": 8}
    assert older.search(words("bravo"), SearchScope(), 5)
    older.index(document("after", "delta echo bravo"))
    assert len(older.search(words("bravo"), SearchScope(), 5)) == 2
    assert older.search(substrings("lph"), SearchScope(), 5)
    older.close()


def _segments(store: SqlcipherKnowledgeStore) -> list[int]:
    connection = store._pool.connection()
    return [
        connection.execute(f"SELECT count(DISTINCT segid) FROM {table}_idx").fetchone()[0]
        for table in _TABLES
    ]


def test_a_file_made_before_the_setting_is_searched_by_a_command_that_only_reads(
    tmp_path: Path,
) -> None:
    path = tmp_path / "knowledge.db"
    _made_before_the_setting(path)
    reader = SqlcipherKnowledgeStore(path, KEY, read_only=True)
    assert reader.search(words("bravo"), SearchScope(), 5)
    assert _automerge(reader) == {"chunks": 8, "chunks_trigram": 8}
    reader.close()


def _texts(count: int) -> list[str]:
    rng = random.Random(7)
    lexicon = [f"{stem}{n}" for stem in ("alpha", "bravo", "delta", "kilo") for n in range(40)]
    lexicon += ["error", "timeout", "request", "server", "panic", "retry"]
    return [" ".join(rng.choice(lexicon) for _ in range(rng.randint(5, 60))) for _ in range(count)]


def test_search_answers_the_same_whichever_the_merge_width(tmp_path: Path) -> None:
    """A hundred documents, each its own commit: enough level-0 segments that FTS5 merges them
    (four at a time, or eight); every hit, its order and its score are the same."""
    default = open_store(tmp_path / "four.db")
    connection = default._pool.connection()
    for table in _TABLES:
        connection.execute(f"INSERT INTO {table} ({table}, rank) VALUES ('automerge', 4)")
    wider = open_store(tmp_path / "eight.db")
    for n, text in enumerate(_texts(100)):
        default.index(document(f"doc{n}", text))
        wider.index(document(f"doc{n}", text))
    queries = [
        words("error"),
        words("alpha1", "timeout"),
        words(("bravo3", "kilo7"), "server", combine=Combine.ANY),
        words("retry", "panic"),
        substrings("lta1"),
        substrings("imeou", "ques"),
    ]
    scope = SearchScope()
    for query in queries:
        assert default.search(query, scope, 20) == wider.search(query, scope, 20)
    four, eight = default.stats(), wider.stats()
    assert (four.sources_by_kind, four.chunk_count, four.vocabulary_size) == (
        eight.sources_by_kind,
        eight.chunk_count,
        eight.vocabulary_size,
    )
    assert _segments(default) != _segments(wider)  # the two files did merge differently
    default.close()
    wider.close()


def test_the_setting_survives_compacting_and_rewriting_the_file(tmp_path: Path) -> None:
    path = tmp_path / "knowledge.db"
    store = open_store(path)
    store.index(document("a", "alpha bravo"))
    store.compact()
    assert _automerge(store) == {"chunks": 8, "chunks_trigram": 8}
    store.close()
    SqlcipherDatabaseEncryptor().rewrite(path, KEY)  # as a key rotation exports the file
    again = open_store(path)
    assert _automerge(again) == {"chunks": 8, "chunks_trigram": 8}
    assert again.search(words("bravo"), SearchScope(), 5)
    again.close()
