"""Compacting a real vault: raw rows compressed, the file smaller, every byte restorable."""

from __future__ import annotations

from pathlib import Path

import pytest

from application.use_cases.vault.import_sessions import ImportRequest
from domain.errors import StoreError
from domain.vault.blob import BlobEncoding
from domain.vault.query_grammar import every_word
from domain.vault.search import SessionFilter, VaultQuery
from tests.integration.store.helpers import fingerprint
from tests.integration.vault.holder import held_open
from tests.integration.vault.real_vault import real_vault
from tests.support.transcripts import ClaudeHome, ClaudeTranscript

RAW = {"CAPY_VAULT_NO_COMPRESS": "1"}


def _history(home: Path, project: Path, sessions: int = 12) -> None:
    claude = ClaudeHome(home / ".claude")
    for n in range(sessions):
        t = ClaudeTranscript(f"{n:08x}-0000-4000-8000-00000000abcd", project)
        for turn in range(20):
            t.prompt(f"turn {turn}: why does the cormorant test fail ({n})?")
            t.bash("pytest -q", "FAILED test_cormorant.py::test_dive - AssertionError\n" * 40)
        claude.session(project, t)


def test_compaction_shrinks_the_file_and_keeps_every_byte(
    isolated_home: Path, tmp_path: Path
) -> None:
    project = tmp_path / "app"
    project.mkdir()
    _history(isolated_home, project)
    with real_vault(isolated_home, RAW) as vault:
        vault.use_cases.import_sessions().execute(ImportRequest())
        store, codec = vault.adapters.vault_store(), vault.adapters.codec()
        originals = {
            s.uuid: codec.decode(store.main_blob(s.uuid)) for s in store.sessions(SessionFilter())
        }
    with real_vault(isolated_home) as vault:
        report = vault.use_cases.compact().execute()
        store, codec = vault.adapters.vault_store(), vault.adapters.codec()
        assert (report.candidates, report.compressed, report.vacuumed) == (12, 12, True)
        assert report.bytes_after < report.bytes_before / 2
        for uuid, original in originals.items():
            assert store.main_blob(uuid).encoding is BlobEncoding.ZSTD
            assert codec.decode(store.main_blob(uuid)) == original
        assert len(store.search(VaultQuery(every_word("cormorant"), limit=1000))) == 480
        stats = store.stats()
        assert stats.stored_bytes < stats.size_bytes / 4
        assert stats.file_bytes == report.bytes_after
        again = vault.use_cases.compact().execute()
        assert not again.changed


def test_a_vault_open_elsewhere_is_refused_and_left_as_it_was(
    isolated_home: Path, tmp_path: Path
) -> None:
    project = tmp_path / "app"
    project.mkdir()
    _history(isolated_home, project, sessions=2)
    with real_vault(isolated_home, RAW) as vault:
        vault.use_cases.import_sessions().execute(ImportRequest())
        path, key = vault.vault_core.path(), vault.vault_core.key().secret
    before = fingerprint(path.parent)
    with held_open(path, key), real_vault(isolated_home) as vault:
        with pytest.raises(StoreError) as refused:
            vault.use_cases.compact().execute()
        assert "another process is using the vault" in str(refused.value)
    after = {k: v for k, v in fingerprint(path.parent).items() if not k.endswith("-shm")}
    assert after == {k: v for k, v in before.items() if not k.endswith("-shm")}
