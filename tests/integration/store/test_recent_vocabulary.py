"""New vocabulary words wait in a small table and are folded into the vocabulary now and then
(ADR 0122): search sees every word before and after a fold, a fold keeps each word once, and a
fold that fails loses nothing."""

from __future__ import annotations

from pathlib import Path

import pytest

from adapters.sqlcipher import maintenance
from adapters.sqlcipher.sqlcipher_knowledge_store import SqlcipherKnowledgeStore
from tests.integration.store.helpers import KEY, document


def _tables(store: SqlcipherKnowledgeStore) -> tuple[set[str], set[str]]:
    connection = store._pool.connection()
    return (
        {row[0] for row in connection.execute("SELECT word FROM vocabulary")},
        {row[0] for row in connection.execute("SELECT word FROM vocabulary_recent")},
    )


def test_new_words_are_searchable_before_and_after_they_are_folded(tmp_path: Path) -> None:
    store = SqlcipherKnowledgeStore(tmp_path / "knowledge.db", KEY, fold_words=10**9)
    store.index(document("a", "alpha bravo charlie deltaforce"))
    store.index(document("b", "bravo echo foxtrot"))
    old, recent = _tables(store)
    assert not old and {"alpha", "bravo", "echo", "deltaforce"} <= recent
    before = store.vocabulary_between(3, 12)
    assert store.has_word("echo") and not store.has_word("golf")
    assert store.stats().vocabulary_size == len(recent)

    maintenance.fold_vocabulary(store._pool.connection())

    old, recent = _tables(store)
    assert not recent and {"alpha", "bravo", "echo", "deltaforce"} <= old
    assert store.vocabulary_between(3, 12) == before == sorted(before)
    assert store.has_word("echo") and store.has_word("deltaforce")
    store.close()
    again = SqlcipherKnowledgeStore(tmp_path / "knowledge.db", KEY, fold_words=10**9)
    again.index(document("c", "echo golf"))  # a process that has not seen "echo" yet
    old, recent = _tables(again)
    assert "golf" in recent and "echo" not in recent  # a stored word is never added again
    assert again.vocabulary_between(3, 5) == sorted({w for w in old | recent if 3 <= len(w) <= 5})
    again.close()


def test_the_store_folds_once_it_has_added_enough_words(tmp_path: Path) -> None:
    store = SqlcipherKnowledgeStore(tmp_path / "knowledge.db", KEY, fold_words=30)
    store.index(document("a", " ".join(f"word{n}" for n in range(20))))
    assert len(_tables(store)[1]) == 20
    store.index(document("b", " ".join(f"term{n}" for n in range(20))))
    old, recent = _tables(store)
    assert not recent and {f"word{n}" for n in range(20)} | {f"term{n}" for n in range(20)} <= old
    store.close()


def test_a_word_in_both_tables_is_listed_once(tmp_path: Path) -> None:
    """A capy from before the recent table writes into the vocabulary alone."""
    store = SqlcipherKnowledgeStore(tmp_path / "knowledge.db", KEY, fold_words=10**9)
    store.index(document("a", "alpha bravo"))
    store._pool.connection().execute("INSERT INTO vocabulary (word) VALUES ('alpha')")
    assert store.vocabulary_between(3, 10).count("alpha") == 1
    maintenance.fold_vocabulary(store._pool.connection())
    assert _tables(store) == ({"alpha", "bravo"}, set())
    store.close()


def test_a_fold_that_fails_leaves_every_word_where_it_was(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    store = SqlcipherKnowledgeStore(tmp_path / "knowledge.db", KEY, fold_words=3)

    def broken(connection: object) -> None:
        raise RuntimeError("disk full")

    monkeypatch.setattr(maintenance, "fold_vocabulary", broken)
    store.index(document("a", "alpha bravo"))
    outcome = store.index(document("b", "charlie delta"))  # 4 words sent: the fold is due
    assert not outcome.already_indexed
    assert _tables(store) == (set(), {"alpha", "bravo", "charlie", "delta"})
    assert store.has_word("alpha")
    store.close()


def test_vacuum_folds_the_recent_words_then_prunes(tmp_path: Path) -> None:
    store = SqlcipherKnowledgeStore(tmp_path / "knowledge.db", KEY, fold_words=10**9)
    kept = store.index(document("a", "alpha bravo")).source.id
    gone = store.index(document("b", "zulu yankee")).source.id
    store.delete_sources([gone])
    store.compact()
    assert _tables(store) == ({"alpha", "bravo"}, set())
    assert store.has_word("alpha") and not store.has_word("zulu")
    assert kept
    store.close()
