"""The vault file: encrypted at rest, same open/recovery rules as the knowledge base, own schema."""

from __future__ import annotations

import os
import sqlite3
import stat
from pathlib import Path

import pytest
import sqlcipher3

from adapters.sqlcipher.migrations import applied
from adapters.sqlcipher.vault.profile import VAULT_SCHEMA
from adapters.sqlcipher.vault.sqlcipher_vault_store import SqlcipherVaultStore
from domain.errors import PlaintextDatabase, StoreError, WrongKey
from domain.vault.blob import BlobEncoding
from domain.vault.session import MessageRole
from tests.integration.store.helpers import damage_first_page, fingerprint
from tests.unit.vault.sessions import archived

KEY = "vault key with 'quote'"
UUID = "0b5e9f6c-1a2d-4c3b-8e7f-112233445566"
SECRET = "ocelotmarmalade quasarpinwheel"


def _raw(path: Path, key: str = KEY) -> sqlcipher3.Connection:
    connection = sqlcipher3.connect(str(path))
    connection.execute("PRAGMA key = '" + key.replace("'", "''") + "'")
    return connection


def test_nothing_archived_is_readable_on_disk(tmp_path: Path) -> None:
    path = tmp_path / "vault.db"
    vault = SqlcipherVaultStore(path, KEY)
    vault.save(
        [archived(UUID, main=SECRET.encode(), texts=((MessageRole.USER, SECRET),), title=SECRET)]
    )
    vault.close()
    for file in tmp_path.iterdir():
        data = file.read_bytes()
        assert b"ocelotmarmalade" not in data
        assert b"SQLite format" not in data
        assert stat.S_IMODE(file.stat().st_mode) == 0o600
    with pytest.raises(sqlite3.DatabaseError):
        sqlite3.connect(path).execute("SELECT * FROM sqlite_master").fetchall()


def test_the_vault_has_its_own_migration_ledger(tmp_path: Path) -> None:
    path = tmp_path / "vault.db"
    SqlcipherVaultStore(path, KEY).close()
    connection = _raw(path)
    assert applied(connection, VAULT_SCHEMA) == ["0001_initial"]
    tables = {row[0] for row in connection.execute("SELECT name FROM sqlite_master")}
    assert {
        "vault_sessions",
        "vault_files",
        "vault_fts",
        "vault_meta",
        "vault_migrations",
    } <= tables
    assert "migrations" not in tables
    connection.close()


def test_a_vault_for_a_newer_reader_is_refused_and_left_alone(tmp_path: Path) -> None:
    path = tmp_path / "vault.db"
    vault = SqlcipherVaultStore(path, KEY)
    vault.save([archived(UUID, encoding=BlobEncoding.ZSTD)])
    vault.close()
    connection = _raw(path)
    connection.execute("UPDATE vault_meta SET value = '3' WHERE key = 'min_reader_version'")
    connection.commit()
    connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    connection.close()
    before = fingerprint(tmp_path)

    with pytest.raises(StoreError) as raised:
        SqlcipherVaultStore(path, KEY)
    assert "newer capy" in raised.value.message
    assert fingerprint(tmp_path) == before


def test_a_wrong_key_changes_nothing(tmp_path: Path) -> None:
    path = tmp_path / "vault.db"
    vault = SqlcipherVaultStore(path, KEY)
    vault.save([archived(UUID)])
    vault.close()
    before = fingerprint(tmp_path)
    with pytest.raises(WrongKey) as raised:
        SqlcipherVaultStore(path, "not the key")
    assert "CAPY_VAULT_KEY" in raised.value.hint
    assert fingerprint(tmp_path) == before


def test_a_plaintext_vault_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "vault.db"
    sqlite3.connect(path).execute("CREATE TABLE t (x)").connection.commit()
    with pytest.raises(PlaintextDatabase) as raised:
        SqlcipherVaultStore(path, KEY)
    assert "vault" in raised.value.message


def test_a_text_file_is_refused_and_left_alone(tmp_path: Path) -> None:
    path = tmp_path / "notes.txt"
    path.write_bytes(b"not a database at all\n" * 10)
    before = fingerprint(tmp_path)
    with pytest.raises(StoreError) as raised:
        SqlcipherVaultStore(path, KEY)
    assert "is not a vault" in raised.value.message and "CAPY_VAULT_PATH" in raised.value.hint
    assert fingerprint(tmp_path) == before


def test_a_damaged_vault_is_moved_aside_and_a_new_vault_created(tmp_path: Path) -> None:
    path = tmp_path / "vault.db"
    vault = SqlcipherVaultStore(path, KEY)
    vault.save([archived(UUID, main=os.urandom(40_000), texts=((MessageRole.USER, SECRET),))])
    vault.close()
    damage_first_page(path)
    warnings: list[str] = []
    vault = SqlcipherVaultStore(path, KEY, on_warning=warnings.append)
    assert vault.count_sessions() == 0
    vault.close()
    assert any("vault" in w and "moved" in w for w in warnings)
    assert [p.name for p in tmp_path.iterdir() if ".corrupt." in p.name]


def test_checkpoint_and_close_leave_the_file_complete(tmp_path: Path) -> None:
    path = tmp_path / "vault.db"
    vault = SqlcipherVaultStore(path, KEY)
    vault.save([archived(UUID)])
    vault.checkpoint()
    wal = path.with_name("vault.db-wal")
    assert not wal.exists() or wal.stat().st_size == 0
    vault.close()
    assert not wal.exists() or wal.stat().st_size == 0
