"""The database file: encrypted at rest, plaintext refused, wrong key harmless, the user's own
files never touched, capy's own damaged files healed."""

from __future__ import annotations

import sqlite3
import stat
import subprocess
import sys
from pathlib import Path

import pytest
import sqlcipher3

from adapters.sqlcipher.created_files import CreatedFiles
from adapters.sqlcipher.migrations import applied, available, migrate
from adapters.sqlcipher.sqlcipher_knowledge_store import SqlcipherKnowledgeStore
from domain.errors import DamagedDatabase, PlaintextDatabase, StoreError, WrongKey
from domain.search_hit import SearchScope
from tests.integration.store.helpers import (
    KEY,
    damage_first_page,
    document,
    fingerprint,
    open_store,
)
from tests.unit.store.queries import substrings

SECRET_TEXT = "zebracornucopia quartzlantern 7f3a9c"


def test_nothing_indexed_is_readable_on_disk(tmp_path: Path) -> None:
    path = tmp_path / "knowledge.db"
    store = open_store(path)
    store.index(document("secret-label-xyzzy", SECRET_TEXT))
    assert store.search(substrings("cornucopia"), SearchScope(), 5)

    files = [path, path.with_name("knowledge.db-wal"), path.with_name("knowledge.db-shm")]
    for file in files:  # while open: the text sits in the WAL, if anywhere
        if file.exists():
            _assert_clean(file.read_bytes())
    store.close()
    for file in files:
        if file.exists():
            _assert_clean(file.read_bytes())

    with pytest.raises(sqlite3.DatabaseError):
        sqlite3.connect(path).execute("SELECT * FROM sqlite_master").fetchall()


def _assert_clean(data: bytes) -> None:
    for needle in (b"zebracornucopia", b"quartzlantern", b"secret-label-xyzzy", b"SQLite format"):
        assert needle not in data
        assert needle.decode().encode("utf-16-le") not in data


def test_files_are_private(tmp_path: Path) -> None:
    path = tmp_path / "new" / "dir" / "knowledge.db"
    store = open_store(path)
    store.index(document("a", "alpha"))
    files = list(path.parent.iterdir())
    assert path in files, "the store wrote no file: nothing to check"
    for file in files:
        assert stat.S_IMODE(file.stat().st_mode) == 0o600, file
    assert stat.S_IMODE(path.parent.stat().st_mode) == 0o700
    assert stat.S_IMODE((tmp_path / "new").stat().st_mode) == 0o700
    store.close()


def test_plaintext_database_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "knowledge.db"
    plain = sqlite3.connect(path)
    plain.execute("CREATE TABLE t (x)")
    plain.commit()
    plain.close()
    before = fingerprint(tmp_path)

    with pytest.raises(PlaintextDatabase) as raised:
        open_store(path)
    assert "capy encrypt" in raised.value.hint
    assert fingerprint(tmp_path) == before


def test_wrong_key_leaves_the_file_alone(tmp_path: Path) -> None:
    path = tmp_path / "knowledge.db"
    store = open_store(path)
    store.index(document("a", "alpha beta"))
    store.close()
    before = fingerprint(tmp_path)

    with pytest.raises(WrongKey) as raised:
        open_store(path, key="not the key")
    assert "CAPY_DB_KEY" in raised.value.hint
    assert fingerprint(tmp_path) == before
    assert open_store(path).source_by_label("a") is not None


def test_wrong_key_keeps_stderr_clean(tmp_path: Path) -> None:
    path = tmp_path / "knowledge.db"
    open_store(path).close()
    script = (
        "import sys; from pathlib import Path\n"
        "from adapters.sqlcipher.sqlcipher_knowledge_store import SqlcipherKnowledgeStore\n"
        "try:\n    SqlcipherKnowledgeStore(Path(sys.argv[1]), 'wrong')\n"
        "except Exception as e:\n    print(type(e).__name__)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script, str(path)], capture_output=True, text=True, check=True
    )
    assert done.stdout.strip() == "WrongKey"
    assert done.stderr == ""


@pytest.mark.parametrize(
    "garbage",
    [b"not a database", b"\x00" * 8192, b"#!/bin/sh\n" * 410, b""],
    ids=["text", "zeros", "page-sized-text", "empty"],
)
def test_a_file_that_is_not_a_database_is_refused_and_left_alone(
    tmp_path: Path, garbage: bytes
) -> None:
    path = tmp_path / "knowledge.db"
    path.write_bytes(garbage)
    before = fingerprint(tmp_path)

    with pytest.raises(StoreError) as raised:
        open_store(path)

    assert str(path) in raised.value.message and "untouched" in raised.value.message
    assert "--db" in raised.value.hint
    assert fingerprint(tmp_path) == before


def test_a_damaged_capy_database_is_moved_aside_and_recreated(tmp_path: Path) -> None:
    path = tmp_path / "knowledge.db"
    store = open_store(path)
    store.index(document("a", "alpha " * 2000))
    store.close()
    damage_first_page(path)
    damaged = path.read_bytes()
    warnings: list[str] = []

    store = open_store(path, warnings=warnings)
    store.index(document("b", "beta"))

    moved = [p for p in tmp_path.iterdir() if ".corrupt." in p.name]
    assert len(moved) == 1
    assert moved[0].read_bytes() == damaged
    assert len(warnings) == 1 and str(moved[0]) in warnings[0] and "damaged" in warnings[0]
    assert store.source_by_label("b") is not None
    store.close()


def test_a_file_with_sqlite_sidecars_counts_as_a_damaged_database(tmp_path: Path) -> None:
    path = tmp_path / "knowledge.db"
    path.write_bytes(b"half a database\n")
    path.with_name("knowledge.db-shm").write_bytes(bytes(32768))
    store = open_store(path)
    store.close()
    assert [p for p in tmp_path.iterdir() if p.name.startswith("knowledge.db.corrupt.")]


def test_a_file_capy_created_is_recognised_by_its_mark(tmp_path: Path) -> None:
    path = tmp_path / "data" / "knowledge.db"
    created = CreatedFiles(tmp_path / "marks")
    SqlcipherKnowledgeStore(path, KEY, created=created).close()
    assert created.made(path)
    with path.open("r+b") as handle:  # truncated mid-page: no page structure left
        handle.truncate(100)

    SqlcipherKnowledgeStore(path, KEY, created=created).close()

    assert [p for p in path.parent.iterdir() if ".corrupt." in p.name]
    assert created.made(path)  # the new file is marked in its turn


def test_a_users_file_at_a_path_capy_once_used_is_not_capys(tmp_path: Path) -> None:
    path = tmp_path / "knowledge.db"
    notes = tmp_path / "notes.txt"
    notes.write_text("the user's notes\n")
    created = CreatedFiles(tmp_path / "marks")
    SqlcipherKnowledgeStore(path, KEY, created=created).close()
    notes.replace(path)  # another file, although at the same path

    with pytest.raises(StoreError):
        SqlcipherKnowledgeStore(path, KEY, created=created)
    assert path.read_text() == "the user's notes\n"


@pytest.mark.parametrize("garbage", [b"not a database", b""], ids=["text", "empty"])
def test_reading_only_never_creates_moves_or_writes(tmp_path: Path, garbage: bytes) -> None:
    path = tmp_path / "knowledge.db"
    path.write_bytes(garbage)
    before = fingerprint(tmp_path)
    with pytest.raises(StoreError):
        SqlcipherKnowledgeStore(path, KEY, read_only=True)
    with pytest.raises(StoreError) as raised:
        SqlcipherKnowledgeStore(tmp_path / "missing.db", KEY, read_only=True)
    assert "no knowledge database" in raised.value.message
    assert fingerprint(tmp_path) == before


def test_reading_only_leaves_a_damaged_capy_database_where_it_is(tmp_path: Path) -> None:
    path = tmp_path / "knowledge.db"
    open_store(path).close()
    damage_first_page(path)
    before = fingerprint(tmp_path)
    with pytest.raises(DamagedDatabase) as raised:
        SqlcipherKnowledgeStore(path, KEY, read_only=True)
    assert "nothing was changed" in raised.value.message
    assert fingerprint(tmp_path) == before


def test_a_sound_database_opens_read_only_and_refuses_writes(tmp_path: Path) -> None:
    path = tmp_path / "knowledge.db"
    store = open_store(path)
    store.index(document("a", "alpha"))
    store.close()
    reader = SqlcipherKnowledgeStore(path, KEY, read_only=True)
    assert reader.source_by_label("a") is not None
    with pytest.raises(sqlcipher3.OperationalError):
        reader.index(document("b", "beta"))
    reader.close()


def test_migrations_are_recorded_once(tmp_path: Path) -> None:
    path = tmp_path / "knowledge.db"
    open_store(path).close()
    store = open_store(path)
    store.close()

    connection = sqlcipher3.connect(str(path))
    connection.execute("PRAGMA key = '" + KEY.replace("'", "''") + "'")
    names = [m.name for m in available()]
    assert names[0] == "0001_initial"
    assert applied(connection) == names
    assert migrate(connection) == []
    connection.close()


def test_a_passphrase_alone_opens_the_file(tmp_path: Path) -> None:
    """capy derives the key itself; any SQLCipher 4 tool must still open the file."""
    path = tmp_path / "knowledge.db"
    store = open_store(path)
    store.index(document("a", "alpha"))
    store.close()

    connection = sqlcipher3.connect(str(path))
    connection.execute("PRAGMA key = '" + KEY.replace("'", "''") + "'")
    assert connection.execute("SELECT label FROM sources").fetchall() == [("a",)]
    connection.close()


def test_a_folder_is_not_a_database(tmp_path: Path) -> None:
    with pytest.raises(StoreError) as raised:
        open_store(tmp_path)
    assert "folder" in raised.value.message


def test_a_database_of_another_schema_is_left_alone(tmp_path: Path) -> None:
    path = tmp_path / "knowledge.db"
    foreign = sqlcipher3.connect(str(path))
    foreign.execute("PRAGMA key = '" + KEY.replace("'", "''") + "'")
    foreign.execute("CREATE TABLE sources (id INTEGER PRIMARY KEY, label TEXT)")
    foreign.commit()
    foreign.close()

    with pytest.raises(StoreError) as raised:
        open_store(path)
    assert "move it away" in raised.value.hint
    assert [p.name for p in tmp_path.iterdir() if ".corrupt." in p.name] == []
    again = sqlcipher3.connect(str(path))
    again.execute("PRAGMA key = '" + KEY.replace("'", "''") + "'")
    assert again.execute("SELECT name FROM sqlite_master").fetchall() == [("sources",)]
    again.close()
