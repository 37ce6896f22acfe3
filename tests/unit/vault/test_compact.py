"""Compacting: raw rows compressed when that pays, the file rewritten, a busy vault refused."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from application.use_cases.vault.import_sessions import ImportRequest
from domain.errors import InvalidInput, StoreError
from domain.vault.blob import BlobEncoding
from domain.vault.search import SessionFilter
from tests.support.transcripts import ClaudeTranscript
from tests.unit.vault.harness import MemoryVault, memory_vault

PROJECT = Path("/home/dev/notes_app")
S1 = "11111111-1a2d-4c3b-8e7f-112233445566"
S2 = "22222222-1a2d-4c3b-8e7f-112233445566"


def _raw_vault(tmp_path: Path) -> tuple[MemoryVault, dict[str, bytes]]:
    """Sessions archived with compression off, then the vault opened with it on."""
    vault = memory_vault(tmp_path, {"CAPY_VAULT_NO_COMPRESS": "1"})
    for session in (S1, S2):
        t = ClaudeTranscript(session, PROJECT)
        for n in range(30):
            t.prompt(f"step {n}: what does the compiler say?")
            t.bash("make", "warning: unused variable\n" * 20)
        sidecars = {"tool-results/shot.png": os.urandom(5000), "tool-results/log.txt": b"x" * 9000}
        vault.files.add(PROJECT, session, t.text().encode(), sidecars=sidecars)
    vault.container.use_cases.import_sessions().execute(ImportRequest())
    originals = {
        s.uuid: vault.container.adapters.codec().decode(vault.store.main_blob(s.uuid))
        for s in vault.store.sessions(SessionFilter())
    }
    compressing = memory_vault(tmp_path)
    compressing.container.adapters.vault_store.override(vault.store)
    compressing.container.adapters.vault_upkeep.override(vault.store)
    return compressing, originals


def test_raw_rows_are_compressed_and_read_back_the_same(tmp_path: Path) -> None:
    vault, originals = _raw_vault(tmp_path)
    store = vault.container.adapters.vault_store()
    before = {s.uuid: s.stored_bytes for s in store.sessions(SessionFilter())}

    report = vault.container.use_cases.compact().execute()

    assert report.candidates == 6  # two transcripts, two logs, two screenshots
    assert report.compressed == 4  # the screenshots do not shrink
    assert report.vacuumed and store.optimizations == 1
    encryptor = vault.container.adapters.database_encryptor()
    assert encryptor.rewritten == [vault.container.vault_core.path()]
    assert report.bytes_after < report.bytes_before
    codec = vault.container.adapters.codec()
    for uuid, original in originals.items():
        assert store.main_blob(uuid).encoding is BlobEncoding.ZSTD
        assert codec.decode(store.main_blob(uuid)) == original
        shot = {f.relative_path: f.blob for f in store.files(uuid)}["tool-results/shot.png"]
        assert shot.encoding is BlobEncoding.RAW
    after = {s.uuid: s.stored_bytes for s in store.sessions(SessionFilter())}
    assert all(after[u] < before[u] for u in before)
    assert store.stats().min_reader_version == 2
    assert not store.held


def test_a_second_compaction_has_nothing_to_do(tmp_path: Path) -> None:
    vault, _ = _raw_vault(tmp_path)
    vault.container.use_cases.compact().execute()
    again = vault.container.use_cases.compact().execute()
    assert (again.compressed, again.vacuumed, again.changed) == (0, False, False)
    assert again.candidates == 2  # the screenshots, still raw
    assert again.bytes_after == again.bytes_before


def test_a_vault_in_use_elsewhere_is_refused_untouched(tmp_path: Path) -> None:
    vault, _ = _raw_vault(tmp_path)
    store = vault.container.adapters.vault_store()
    store.in_use_elsewhere = True
    with pytest.raises(StoreError):
        vault.container.use_cases.compact().execute()
    assert len(store.uncompressed()) == 6
    assert store.optimizations == 0
    assert vault.container.adapters.database_encryptor().rewritten == []


def test_refused_while_compression_is_off(tmp_path: Path) -> None:
    vault = memory_vault(tmp_path, {"CAPY_VAULT_NO_COMPRESS": "1"})
    with pytest.raises(InvalidInput) as refused:
        vault.container.use_cases.compact().execute()
    assert "CAPY_VAULT_NO_COMPRESS" in refused.value.hint


def test_stopping_keeps_what_was_compressed(tmp_path: Path) -> None:
    vault, _ = _raw_vault(tmp_path)
    asked = iter([False, False, True])
    report = vault.container.use_cases.compact().execute(stop=lambda: next(asked, True))
    assert report.cancelled
    assert report.compressed == 2
    store = vault.container.adapters.vault_store()
    assert len(store.uncompressed()) == 4
