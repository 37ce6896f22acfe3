"""Rotating a real vault's key: a verified fresh file, the old one kept, a busy vault refused."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest
import sqlcipher3

from adapters.sqlcipher.key_material import passphrase_pragma
from application.use_cases.vault.import_sessions import ImportRequest
from domain.errors import StoreError
from domain.vault.query_grammar import every_word
from domain.vault.search import VaultQuery
from tests.integration.store.helpers import fingerprint
from tests.integration.vault.holder import held_open, script
from tests.integration.vault.real_vault import real_vault
from tests.support.transcripts import ClaudeHome, ClaudeTranscript

S1 = "0b5e9f6c-1a2d-4c3b-8e7f-112233445566"


def _archive(home: Path, project: Path) -> tuple[Path, str]:
    t = ClaudeTranscript(S1, project)
    t.prompt("what is the albatross doing?")
    t.say("the albatross glides")
    ClaudeHome(home / ".claude").session(project, t)
    with real_vault(home) as vault:
        vault.use_cases.import_sessions().execute(ImportRequest())
        return vault.vault_core.path(), vault.vault_core.key().secret


def _meta(path: Path, key: str) -> dict[str, str]:
    connection = sqlcipher3.connect(str(path))
    try:
        connection.execute(passphrase_pragma(key))
        return dict(connection.execute("SELECT key, value FROM vault_meta"))
    finally:
        connection.close()


def test_rekey_writes_a_verified_copy_and_keeps_the_old_file(
    isolated_home: Path, tmp_path: Path
) -> None:
    path, old_key = _archive(isolated_home, tmp_path)
    # A writer killed after committing leaves its rows in the write-ahead log only.
    subprocess.run(
        script(
            path,
            old_key,
            "c.execute(\"INSERT INTO vault_meta VALUES ('marker', 'in the log')\")\nos._exit(0)\n",
        ),
        check=True,
    )
    assert path.with_name("vault.db-wal").stat().st_size > 0

    with real_vault(isolated_home) as vault:
        done = vault.use_cases.rekey().execute(path)
        key_file = vault.vault_core.key_provider().key_file(path)
    new_key = key_file.read_text().strip()
    assert new_key != old_key
    assert done.new_key_origin == f"key file {key_file}"
    assert done.backup == path.with_name("vault.db.bak")
    assert _meta(path, new_key)["marker"] == "in the log"
    assert _meta(done.backup, old_key)["marker"] == "in the log"
    with pytest.raises(sqlcipher3.DatabaseError):
        _meta(path, old_key)
    with real_vault(isolated_home) as vault:
        assert vault.adapters.vault_store().search(VaultQuery(every_word("albatross")))
    assert {p.name for p in path.parent.iterdir()} >= {"vault.db", "vault.db.bak"}
    assert not any(p.name.endswith(".enc.tmp") for p in path.parent.iterdir())


def test_rekey_refuses_a_vault_another_process_has_open(
    isolated_home: Path, tmp_path: Path
) -> None:
    path, key = _archive(isolated_home, tmp_path)
    with real_vault(isolated_home) as vault:
        key_file = vault.vault_core.key_provider().key_file(path)
    before, key_before = fingerprint(path.parent), key_file.read_bytes()
    with held_open(path, key), real_vault(isolated_home) as vault:
        with pytest.raises(StoreError) as refused:
            vault.use_cases.rekey().execute(path)
        assert "in use by another process" in str(refused.value)
    unchanged = {k: v for k, v in fingerprint(path.parent).items() if not k.endswith("-shm")}
    assert unchanged == {k: v for k, v in before.items() if not k.endswith("-shm")}
    assert key_file.read_bytes() == key_before
