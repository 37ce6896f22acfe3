"""A document whose new words alone make the fold due writes them straight into the vocabulary
(ADR 0201): the tables end as the recent table and its fold leave them, and a kill at any
point leaves a store that opens with every word of its committed documents in exactly one of
the two tables."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from adapters.sqlcipher import maintenance
from adapters.sqlcipher.sqlcipher_knowledge_store import SqlcipherKnowledgeStore
from tests.integration.store.helpers import KEY, document

REPO = Path(__file__).resolve().parents[3]
SMALL = "alpha bravo charlie"
BIG = "bravo " + " ".join(f"id{n:03d}" for n in range(12))  # 13 new words, one waiting
FOLD = 10


def _tables(store: SqlcipherKnowledgeStore) -> tuple[set[str], set[str]]:
    connection = store._pool.connection()
    return (
        {row[0] for row in connection.execute("SELECT word FROM vocabulary")},
        {row[0] for row in connection.execute("SELECT word FROM vocabulary_recent")},
    )


def _words(text: str) -> set[str]:
    return set(text.split())


def test_a_document_that_makes_the_fold_due_ends_as_the_fold_would_leave_it(
    tmp_path: Path,
) -> None:
    store = SqlcipherKnowledgeStore(tmp_path / "knowledge.db", KEY, fold_words=FOLD)
    store.index(document("small", SMALL))
    assert _tables(store) == (set(), _words(SMALL))
    store.index(document("big", BIG))
    assert _tables(store) == (_words(SMALL) | _words(BIG), set())
    assert store.stats().vocabulary_size == len(_words(SMALL) | _words(BIG))
    store.close()


def test_the_recent_words_stay_there_until_the_fold(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Between the document's commit and the fold, no word is in both tables: not even one the
    process has not seen waiting (``bravo``, added by another process)."""
    other = SqlcipherKnowledgeStore(tmp_path / "knowledge.db", KEY, fold_words=FOLD)
    other.index(document("small", SMALL))
    other.close()
    store = SqlcipherKnowledgeStore(tmp_path / "knowledge.db", KEY, fold_words=FOLD)
    monkeypatch.setattr(maintenance, "fold_vocabulary", lambda connection: None)
    store.index(document("big", BIG))
    assert _tables(store) == (_words(BIG) - _words(SMALL), _words(SMALL))
    assert store.stats().vocabulary_size == len(_words(SMALL) | _words(BIG))
    assert store.has_word("id007") and store.has_word("bravo")
    store.close()


def test_a_streamed_document_takes_the_same_path(tmp_path: Path) -> None:
    store = SqlcipherKnowledgeStore(tmp_path / "knowledge.db", KEY, fold_words=FOLD)
    store.index(document("small", SMALL))
    big = document("big", BIG)
    store.index_streamed(big, iter([big.chunks]), lambda: [big.vocabulary])
    assert _tables(store) == (_words(SMALL) | _words(BIG), set())
    store.close()


def test_a_streamed_document_s_words_in_parts_take_the_path_of_their_total(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each part alone is under the fold (ADR 0251): the words still go straight into the
    vocabulary, as the whole list would, and the process counts them all."""
    store = SqlcipherKnowledgeStore(tmp_path / "knowledge.db", KEY, fold_words=FOLD)
    store.index(document("small", SMALL))
    folds: list[object] = []
    monkeypatch.setattr(maintenance, "fold_vocabulary", folds.append)
    big = document("big", BIG)
    words = sorted(big.vocabulary)
    parts = [frozenset(words[n : n + 4]) for n in range(0, len(words), 4)]
    store.index_streamed(big, iter([big.chunks]), lambda: iter(parts))
    assert _tables(store) == (_words(BIG) - _words(SMALL), _words(SMALL))
    assert len(folds) == 1
    store.close()


def test_a_streamed_document_s_few_words_in_parts_wait_in_the_recent_table(
    tmp_path: Path,
) -> None:
    store = SqlcipherKnowledgeStore(tmp_path / "knowledge.db", KEY, fold_words=FOLD)
    small = document("small", SMALL)
    parts = [frozenset({"alpha"}), frozenset({"bravo", "charlie"})]
    store.index_streamed(small, iter([small.chunks]), lambda: iter(parts))
    assert _tables(store) == (set(), _words(SMALL))
    assert store._known_words.unseen(frozenset(_words(SMALL))) == []
    store.close()


# Each stop kills the process with SIGKILL: inside the document's transaction after its words
# went into the vocabulary, after its commit before the fold, inside the fold's transaction.
_CHILD = """
import os, signal, sys
from adapters.sqlcipher import maintenance, writer
from adapters.sqlcipher.sqlcipher_knowledge_store import SqlcipherKnowledgeStore
from tests.integration.store.helpers import KEY, document
path, stop, small, big, fold = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4], int(sys.argv[5])
store = SqlcipherKnowledgeStore(path, KEY, fold_words=fold)
store.index(document("small", small))
die = lambda *args: os.kill(os.getpid(), signal.SIGKILL)
if stop == "in-document":
    writer._reload = die
elif stop == "before-fold":
    maintenance.fold_vocabulary = die
else:
    def folding(connection):
        connection.execute("BEGIN IMMEDIATE")
        connection.execute("INSERT OR IGNORE INTO vocabulary (word) SELECT word FROM vocabulary_recent")
        die()
    maintenance.fold_vocabulary = folding
store.index(document("big", big))
print("not killed")
"""


@pytest.mark.parametrize("stop", ["in-document", "before-fold", "in-fold"])
def test_a_kill_at_any_point_leaves_a_store_that_opens_with_the_right_vocabulary(
    tmp_path: Path, stop: str
) -> None:
    path = tmp_path / "knowledge.db"
    child = subprocess.run(
        [sys.executable, "-c", _CHILD, str(path), stop, SMALL, BIG, str(FOLD)],
        cwd=REPO,
        env={**os.environ, "PYTHONPATH": str(REPO)},
        capture_output=True,
        text=True,
        check=False,
    )
    assert child.returncode == -signal.SIGKILL, child.stderr
    store = SqlcipherKnowledgeStore(path, KEY, fold_words=10**9)
    old, recent = _tables(store)
    stored = {source.label for source in store.sources()}
    expected = _words(SMALL) | (_words(BIG) if "big" in stored else set())
    assert stored == ({"small"} if stop == "in-document" else {"small", "big"})
    assert not old & recent
    assert old | recent == expected
    assert store.stats().vocabulary_size == len(expected)
    assert all(store.has_word(word) for word in expected)
    store.close()
