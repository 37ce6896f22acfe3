"""The database file deleted or replaced under an open store, a write-ahead log from another
database, and damage found while running: never an acknowledged write that is gone, never an
"unexpected error" — a message naming the file and the way out."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from adapters.sqlcipher.sqlcipher_knowledge_store import SqlcipherKnowledgeStore
from domain.errors import DamagedDatabase, PlaintextDatabase, StoreError
from domain.search_hit import SearchScope
from tests.integration.store.helpers import document, open_store
from tests.unit.store.queries import words


def _labels(store: SqlcipherKnowledgeStore) -> set[str]:
    return {source.label for source in store.sources()}


def test_a_deleted_database_is_recreated_and_later_writes_survive(tmp_path: Path) -> None:
    path = tmp_path / "knowledge.db"
    warnings: list[str] = []
    store = open_store(path, warnings=warnings)
    store.index(document("before", "alpha"))
    for extra in (path, path.with_name("knowledge.db-wal"), path.with_name("knowledge.db-shm")):
        extra.unlink(missing_ok=True)
    store.index(document("after", "beta"))
    assert any("deleted" in w and "new, empty one" in w for w in warnings), warnings
    store.close()
    reopened = open_store(path)
    assert _labels(reopened) == {"after"}
    reopened.close()


def test_a_replaced_database_is_the_one_used_from_then_on(tmp_path: Path) -> None:
    path = tmp_path / "knowledge.db"
    other = tmp_path / "other.db"
    replacement = open_store(other)
    replacement.index(document("from-the-replacement", "gamma"))
    replacement.close()
    warnings: list[str] = []
    store = open_store(path, warnings=warnings)
    store.index(document("original", "alpha"))
    os.replace(other, path)
    assert _labels(store) == {"from-the-replacement"}
    store.index(document("written-after", "delta"))
    store.close()
    reopened = open_store(path)
    assert _labels(reopened) == {"from-the-replacement", "written-after"}
    reopened.close()
    assert any("replaced" in w for w in warnings)


def test_a_replacement_capy_cannot_use_is_refused_with_the_reason(tmp_path: Path) -> None:
    path = tmp_path / "knowledge.db"
    store = open_store(path)
    store.index(document("original", "alpha"))
    foreign = tmp_path / "foreign.db"
    open_store(foreign, key="another key entirely").close()
    os.replace(foreign, path)
    with pytest.raises(StoreError) as refused:
        store.index(document("lost?", "beta"))
    assert "was replaced while capy ran" in refused.value.message
    assert refused.value.hint
    import sqlite3

    path.unlink()
    sqlite3.connect(path).execute("CREATE TABLE t(x)").connection.close()
    with pytest.raises(PlaintextDatabase):
        store.sources()


def test_a_write_log_from_another_database_is_set_aside_not_blamed_on_the_key(
    tmp_path: Path,
) -> None:
    path = tmp_path / "a.db"
    open_store(path).close()
    other = tmp_path / "b.db"
    writer = open_store(other)
    connection = writer._pool.connection()  # keep the log: no checkpoint
    connection.execute("PRAGMA wal_autocheckpoint = 0")
    for n in range(40):
        writer.index(document(f"b{n}", "x " * 200 + str(n)))
    shutil.copy(other.with_name("b.db-wal"), path.with_name("a.db-wal"))
    writer.close()
    foreign_bytes = path.with_name("a.db-wal").read_bytes()
    warnings: list[str] = []
    store = open_store(path, warnings=warnings)  # opens, the foreign log kept aside
    assert store.sources() == []
    store.close()
    (kept,) = path.parent.glob("a.db-wal.foreign.*")
    assert kept.read_bytes() == foreign_bytes  # nothing of the other database is lost
    assert any(str(kept) in w for w in warnings), warnings


def test_damage_found_while_running_names_the_file_and_the_way_out(tmp_path: Path) -> None:
    path = tmp_path / "knowledge.db"
    store = open_store(path)
    for n in range(60):
        store.index(document(f"doc{n}", f"payload {n} " * 400))
    store.checkpoint()
    store.close()
    size = path.stat().st_size
    with path.open("r+b") as handle:  # scribble over the data pages at the end
        handle.seek(size // 2 // 4096 * 4096)
        handle.write(os.urandom(size - size // 2 // 4096 * 4096))
    path.with_name("knowledge.db.bak").write_bytes(b"")
    store = open_store(path)
    with pytest.raises(DamagedDatabase) as damaged:
        for n in range(60):
            store.search(words("payload", str(n)), SearchScope(), 5)
            store.chunks_of(n + 1)
    message = str(damaged.value)
    assert str(path) in message
    assert "knowledge.db.bak" in message and "mv " in message
    assert "bug" not in message
