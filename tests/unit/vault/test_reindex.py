"""Re-indexing: stale sessions get the rows an import would give them, from the stored bytes."""

from __future__ import annotations

from pathlib import Path

import attrs
import pytest

from application.use_cases.vault.import_sessions import ImportRequest
from application.vault import batches
from domain.vault.blob import BlobEncoding, EncodedBlob
from domain.vault.importing import ImportStatus
from domain.vault.indexing import INDEX_VERSION
from domain.vault.maintenance import ReindexedSession
from domain.vault.query_grammar import Phrase, every_word
from domain.vault.search import SessionFilter, VaultQuery
from domain.vault.session import ArchivedFile, ArchivedSession, MessageRole, VaultMessage
from tests.support.transcripts import ClaudeTranscript
from tests.unit.vault.harness import MemoryVault, memory_vault

PROJECT = Path("/home/dev/notes_app")
S1 = "11111111-1a2d-4c3b-8e7f-112233445566"
S2 = "22222222-1a2d-4c3b-8e7f-112233445566"
S3 = "33333333-1a2d-4c3b-8e7f-112233445566"


@pytest.fixture
def vault(tmp_path: Path) -> MemoryVault:
    return memory_vault(tmp_path)


def _transcript(session: str, word: str) -> bytes:
    t = ClaudeTranscript(session, PROJECT)
    t.prompt(f"why is the {word} slow?")
    t.bash("make bench", f"{word} took 12s")
    t.say(f"the {word} waits on a lock")
    return t.text().encode()


def _archive(vault: MemoryVault, *sessions: tuple[str, str]) -> None:
    for session, word in sessions:
        vault.files.add(PROJECT, session, _transcript(session, word))
    vault.container.use_cases.import_sessions().execute(ImportRequest())


def _age(vault: MemoryVault, *uuids: str, version: int = INDEX_VERSION - 1) -> None:
    """Make sessions look indexed by an older scanner (with rows that scanner wrote)."""
    for uuid in uuids:
        stored = vault.store.main_blob(uuid)
        (session,) = [s for s in vault.store.sessions(SessionFilter(limit=0)) if s.uuid == uuid]
        old = attrs.evolve(session, index_version=version)
        files = tuple(ArchivedFile(f.relative_path, f.blob) for f in vault.store.files(uuid))
        rows = (VaultMessage(MessageRole.USER, "rows of an older scanner", 0),)
        vault.store.save([ArchivedSession(old, stored, files, rows)])


def _words(vault: MemoryVault, text: str) -> set[str]:
    return {hit.uuid for hit in vault.store.search(VaultQuery(every_word(text)))}


def test_stale_sessions_get_the_rows_an_import_gives(vault: MemoryVault) -> None:
    _archive(vault, (S1, "compiler"), (S2, "linker"))
    fresh = {h.snippet for h in vault.store.search(VaultQuery(Phrase("compiler")))}
    _age(vault, S1, S2)
    vault.files.remove_all()  # gone from disk: the stored bytes are enough
    assert vault.store.stats().stale_sessions == 2
    assert _words(vault, "compiler") == set()

    report = vault.container.use_cases.reindex().execute()

    assert (report.reindexed, report.remaining, report.failures) == (2, 0, ())
    assert vault.store.stats().stale_sessions == 0
    assert {h.snippet for h in vault.store.search(VaultQuery(Phrase("compiler")))} == fresh
    assert _words(vault, "linker") == {S2}
    assert _words(vault, "older scanner") == set()
    assert vault.store.folds >= 1  # the log is folded after each batch


def test_nothing_stale_is_nothing_to_do(vault: MemoryVault) -> None:
    _archive(vault, (S1, "compiler"))
    report = vault.container.use_cases.reindex().execute()
    assert (report.reindexed, report.remaining) == (0, 0)


def test_an_unreadable_session_is_reported_and_the_others_go_on(vault: MemoryVault) -> None:
    _archive(vault, (S1, "compiler"), (S2, "linker"))
    _age(vault, S1, S2)
    entry = vault.store._entries[S1]
    vault.store._entries[S1] = attrs.evolve(
        entry, main=EncodedBlob(BlobEncoding.ZSTD, b"\x28\xb5\x2f\xfd broken frame")
    )
    report = vault.container.use_cases.reindex().execute()
    assert report.reindexed == 1
    assert [f.uuid for f in report.failures] == [S1]
    assert "cannot be read" in report.failures[0].detail
    assert report.remaining == 1


def test_a_stopped_run_leaves_the_rest_for_the_next(
    vault: MemoryVault, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(batches, "BATCH_ITEMS", 1)
    _archive(vault, (S1, "compiler"), (S2, "linker"), (S3, "loader"))
    _age(vault, S1, S2, S3)
    asked = iter([False, True])
    first = vault.container.use_cases.reindex().execute(stop=lambda: next(asked, True))
    assert first.cancelled
    assert (first.reindexed, first.remaining) == (1, 2)
    second = vault.container.use_cases.reindex().execute()
    assert (second.reindexed, second.remaining) == (2, 0)
    assert _words(vault, "loader") == {S3}


def test_rows_of_a_session_replaced_meanwhile_are_not_overwritten(vault: MemoryVault) -> None:
    _archive(vault, (S1, "compiler"))
    _age(vault, S1)
    use_case = vault.container.use_cases.reindex()
    (stale,) = vault.store.stale_sessions(INDEX_VERSION)
    # An import replaces the session between reading it and writing its rows.
    vault.files.add(PROJECT, S1, _transcript(S1, "compiler") + _transcript(S1, "assembler"))
    vault.container.use_cases.import_sessions().execute(ImportRequest())
    assert vault.store.replace_messages([ReindexedSession(S1, stale.content_hash, 1, ())]) == 0
    assert _words(vault, "assembler") == {S1}
    assert use_case.execute().reindexed == 0


def test_import_reindexes_an_unchanged_stale_session(vault: MemoryVault) -> None:
    _archive(vault, (S1, "compiler"), (S2, "linker"))
    _age(vault, S1)
    report = vault.container.use_cases.import_sessions().execute(ImportRequest())
    statuses = {o.uuid: o.status for o in report.outcomes}
    assert statuses == {S1: ImportStatus.REINDEXED, S2: ImportStatus.SKIPPED}
    assert _words(vault, "compiler") == {S1}
    assert vault.store.stats().stale_sessions == 0


def test_a_dry_run_import_only_says_it_would_reindex(vault: MemoryVault) -> None:
    _archive(vault, (S1, "compiler"))
    _age(vault, S1)
    report = vault.container.use_cases.import_sessions().execute(ImportRequest(dry_run=True))
    assert [o.status for o in report.outcomes] == [ImportStatus.REINDEXED]
    assert vault.store.stats().stale_sessions == 1
