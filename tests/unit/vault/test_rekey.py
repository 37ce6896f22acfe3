"""Rotating the vault's key: where the new key comes from and where it is kept."""

from __future__ import annotations

from pathlib import Path

import pytest

from adapters.key_file_key_provider import KeyFileKeyProvider
from adapters.memory.in_memory_database_encryptor import InMemoryDatabaseEncryptor
from domain.errors import InvalidInput, KeyUnavailable
from tests.unit.vault.harness import memory_vault


def _encryptor(vault_container: object) -> InMemoryDatabaseEncryptor:
    encryptor = vault_container.adapters.database_encryptor()  # type: ignore[attr-defined]
    assert isinstance(encryptor, InMemoryDatabaseEncryptor)
    return encryptor


def test_with_a_key_file_a_new_random_key_replaces_it(tmp_path: Path) -> None:
    vault = memory_vault(tmp_path)
    container = vault.container
    path = container.vault_core.path()
    old = container.vault_core.key().secret
    encryptor = _encryptor(container)
    encryptor.keys[path] = old

    done = container.use_cases.rekey().execute(path)

    provider = container.vault_core.key_provider()
    assert isinstance(provider, KeyFileKeyProvider)
    kept = provider.key_file(path)
    assert done.new_key_origin == f"key file {kept}"
    new = kept.read_text().strip()
    assert new != old and len(new) >= 40
    assert encryptor.keys[path] == new
    assert done.backup == path.with_name("vault.db.bak")
    assert encryptor.backups[done.backup] == old


def test_remove_backup_drops_the_old_file(tmp_path: Path) -> None:
    container = memory_vault(tmp_path).container
    path = container.vault_core.path()
    encryptor = _encryptor(container)
    encryptor.keys[path] = container.vault_core.key().secret
    done = container.use_cases.rekey().execute(path, remove_backup=True)
    assert done.backup is None
    assert encryptor.backups == {}


def test_with_the_key_in_the_environment_the_new_one_must_be_given(tmp_path: Path) -> None:
    container = memory_vault(tmp_path, {"CAPY_VAULT_KEY": "old secret"}).container
    path = container.vault_core.path()
    encryptor = _encryptor(container)
    encryptor.keys[path] = "old secret"
    with pytest.raises(InvalidInput) as refused:
        container.use_cases.rekey().execute(path)
    assert "CAPY_VAULT_NEW_KEY" in refused.value.hint
    assert encryptor.keys[path] == "old secret"

    given = memory_vault(
        tmp_path, {"CAPY_VAULT_KEY": "old secret", "CAPY_VAULT_NEW_KEY": "new secret"}
    ).container
    encryptor = _encryptor(given)
    encryptor.keys[path] = "old secret"
    done = given.use_cases.rekey().execute(path)
    assert done.from_environment
    assert "set CAPY_VAULT_KEY to it" in done.new_key_origin
    assert encryptor.keys[path] == "new secret"
    keys_dir = given.core.user_dirs().keys_dir
    assert not keys_dir.exists() or not any(keys_dir.iterdir())  # no key file written


def test_the_same_key_again_is_refused(tmp_path: Path) -> None:
    container = memory_vault(
        tmp_path, {"CAPY_VAULT_KEY": "same", "CAPY_VAULT_NEW_KEY": "same"}
    ).container
    path = container.vault_core.path()
    _encryptor(container).keys[path] = "same"
    with pytest.raises(InvalidInput):
        container.use_cases.rekey().execute(path)


def test_a_key_file_that_cannot_be_written_undoes_the_swap(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    container = memory_vault(tmp_path).container
    path = container.vault_core.path()
    old = container.vault_core.key().secret
    encryptor = _encryptor(container)
    encryptor.keys[path] = old

    def refuse(self: KeyFileKeyProvider, db_path: Path, secret: str, backup: Path | None) -> None:
        raise KeyUnavailable("cannot write the key file", "make it writable")

    monkeypatch.setattr(KeyFileKeyProvider, "replace_key", refuse)
    with pytest.raises(KeyUnavailable):
        container.use_cases.rekey().execute(path)
    assert encryptor.keys[path] == old
    assert encryptor.restored == [path]
