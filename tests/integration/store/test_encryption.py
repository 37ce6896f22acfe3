"""Encrypting a plaintext database and rotating the key: verified, reversible, all or nothing."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from adapters.sqlcipher.sqlcipher_database_encryptor import SqlcipherDatabaseEncryptor
from application.ports.database_encryptor import DatabaseState
from domain.errors import StoreError, WrongKey
from tests.integration.store.helpers import KEY, document, fingerprint, open_store


def _stage() -> None:
    """The new key is held by the test."""


def _keep(backup: Path) -> None:
    """Keys are kept by the key provider; these tests hand them over themselves."""


def _plaintext_db(path: Path) -> None:
    connection = sqlite3.connect(path)
    connection.execute("PRAGMA journal_mode = WAL")
    connection.execute("CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT)")
    connection.executemany("INSERT INTO notes (body) VALUES (?)", [("plain secret",)] * 50)
    connection.commit()
    connection.close()


def test_encrypt_a_plaintext_database(tmp_path: Path) -> None:
    path = tmp_path / "knowledge.db"
    _plaintext_db(path)
    encryptor = SqlcipherDatabaseEncryptor()
    assert encryptor.state(path) is DatabaseState.PLAINTEXT

    done = encryptor.encrypt(path, KEY)

    assert done.rows_verified == 50
    assert encryptor.state(path) is DatabaseState.ENCRYPTED
    assert b"plain secret" not in path.read_bytes()
    assert encryptor.state(done.backup) is DatabaseState.PLAINTEXT
    assert sorted(p.name for p in tmp_path.iterdir()) == ["knowledge.db", "knowledge.db.bak"]
    store = open_store(path)  # migrations run on top of the exported tables
    store.index(document("a", "alpha"))
    store.close()


def test_rotate_the_key(tmp_path: Path) -> None:
    path = tmp_path / "knowledge.db"
    store = open_store(path)
    store.index(document("a", "alpha beta"))
    store.close()
    encryptor = SqlcipherDatabaseEncryptor()

    done = encryptor.rekey(path, KEY, "the new key", _stage, _keep)

    assert done.rows_verified > 0
    with pytest.raises(WrongKey):
        open_store(path, key=KEY)
    rotated = open_store(path, key="the new key")
    assert rotated.source_by_label("a") is not None
    rotated.close()
    assert open_store(done.backup, key=KEY).source_by_label("a") is not None

    encryptor.restore(done)
    assert open_store(path, key=KEY).source_by_label("a") is not None


def test_rotating_with_a_wrong_key_changes_nothing(tmp_path: Path) -> None:
    path = tmp_path / "knowledge.db"
    open_store(path).close()
    before = fingerprint(tmp_path)

    with pytest.raises(WrongKey):
        SqlcipherDatabaseEncryptor().rekey(path, "not the key", "new", _stage, _keep)
    assert fingerprint(tmp_path) == before


def test_an_existing_backup_is_kept(tmp_path: Path) -> None:
    path = tmp_path / "knowledge.db"
    open_store(path).close()
    encryptor = SqlcipherDatabaseEncryptor()
    encryptor.rekey(path, KEY, "second", _stage, _keep)
    encryptor.rekey(path, "second", "third", _stage, _keep)
    names = sorted(p.name for p in tmp_path.iterdir())
    assert names[:2] == ["knowledge.db", "knowledge.db.bak"]
    assert len(names) == 3 and names[2].startswith("knowledge.db.bak.")


def test_a_copy_that_fails_verification_leaves_the_original(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import adapters.sqlcipher.sqlcipher_database_encryptor as encryptor_module

    path = tmp_path / "knowledge.db"
    store = open_store(path)
    store.index(document("a", "alpha"))
    store.close()
    before = fingerprint(tmp_path)
    monkeypatch.setattr(encryptor_module, "_pages_verify", lambda *_: False)

    with pytest.raises(StoreError):
        SqlcipherDatabaseEncryptor().rekey(path, KEY, "new", _stage, _keep)

    assert fingerprint(tmp_path) == before
