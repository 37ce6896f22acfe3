"""Importing sessions: new, updated, skipped (unchanged or smaller), batches, dry run, filters."""

from __future__ import annotations

import os
from datetime import timedelta
from pathlib import Path

import pytest

from application.use_cases.vault.import_sessions import ImportRequest
from application.vault import batches
from domain.vault.blob import BlobEncoding
from domain.vault.digest import session_hash
from domain.vault.importing import ImportReport, ImportStatus, SkipReason
from domain.vault.query_grammar import Phrase
from domain.vault.search import SessionFilter, VaultQuery
from tests.support.transcripts import ClaudeTranscript
from tests.unit.vault.harness import MemoryVault, memory_vault
from tests.unit.vault.sessions import archived

PROJECT = Path("/home/dev/notes_app")
S1 = "11111111-1a2d-4c3b-8e7f-112233445566"
S2 = "22222222-1a2d-4c3b-8e7f-112233445566"
S3 = "33333333-1a2d-4c3b-8e7f-112233445566"
ZSTD_MAGIC = b"\x28\xb5\x2f\xfd"


def transcript(session: str, words: str = "the migration fails on postgres") -> ClaudeTranscript:
    t = ClaudeTranscript(session, PROJECT)
    t.prompt(f"Why does {words}?")
    t.bash("pytest -q", "1 failed, 41 passed")
    t.say(f"Because {words}.")
    return t


@pytest.fixture
def vault(tmp_path: Path) -> MemoryVault:
    return memory_vault(tmp_path)


def run(vault: MemoryVault, request: ImportRequest | None = None) -> ImportReport:
    return vault.container.use_cases.import_sessions().execute(request or ImportRequest())


def statuses(report: ImportReport) -> dict[str, str]:
    return {
        o.uuid: o.status.value + (f" ({o.detail})" if o.detail else "") for o in report.outcomes
    }


def test_new_sessions_are_archived_verbatim_with_their_files(vault: MemoryVault) -> None:
    t = transcript(S1)
    agent = ClaudeTranscript(S1, PROJECT, agent_id="a4d2")
    agent.prompt("find callers")
    agent.say("three callers")
    screenshot = ZSTD_MAGIC + os.urandom(4000)
    sidecars = {
        "subagents/agent-a4d2.jsonl": agent.text().encode(),
        "subagents/agent-a4d2.meta.json": b'{"agentType": "Explore"}',
        "tool-results/shot.png": screenshot,
    }
    vault.files.add(PROJECT, S1, t.text().encode(), sidecars=sidecars)

    report = run(vault)

    assert statuses(report) == {S1: "new"}
    (session,) = vault.store.sessions(SessionFilter())
    assert session.project_path == str(PROJECT)
    assert session.title == "Why does the migration fails on postgres?"
    assert session.content_hash == session_hash({f"{S1}.jsonl": t.text().encode(), **sidecars})
    assert session.size_bytes == len(t.text().encode()) + sum(map(len, sidecars.values()))
    assert session.machine_id == "test-machine"
    codec = vault.container.adapters.codec()
    main = vault.store.main_blob(S1)
    assert main.encoding is BlobEncoding.ZSTD
    assert codec.decode(main) == t.text().encode()
    stored = {f.relative_path: f.blob for f in vault.store.files(S1)}
    assert stored["tool-results/shot.png"].encoding is BlobEncoding.RAW  # did not shrink
    assert {name: codec.decode(blob) for name, blob in stored.items()} == sidecars
    assert {h.subagent_id for h in vault.store.search(VaultQuery(Phrase("callers")))} == {"a4d2"}


def test_unchanged_sessions_are_skipped_without_writing(vault: MemoryVault) -> None:
    vault.files.add(PROJECT, S1, transcript(S1).text().encode())
    vault.files.add(PROJECT, S2, transcript(S2).text().encode())
    assert run(vault).count(ImportStatus.NEW) == 2
    saves = len(vault.store.saved_batches)
    again = run(vault)
    assert statuses(again) == {S1: "skipped (unchanged)", S2: "skipped (unchanged)"}
    assert len(vault.store.saved_batches) == saves


def test_a_grown_session_is_updated_and_keeps_its_archive_date(vault: MemoryVault) -> None:
    t = transcript(S1)
    vault.files.add(PROJECT, S1, t.text().encode())
    run(vault)
    vault.clock.advance(timedelta(days=2))
    t.prompt("and on mysql?")
    t.say("Mysql is fine.")
    vault.files.add(PROJECT, S1, t.text().encode())
    assert statuses(run(vault)) == {S1: "updated"}
    (session,) = vault.store.sessions(SessionFilter())
    assert session.archived_at == vault.clock.now() - timedelta(days=2)
    assert vault.store.search(VaultQuery(Phrase("mysql")))


def test_a_smaller_copy_never_replaces_the_archive(vault: MemoryVault) -> None:
    t = transcript(S1)
    vault.files.add(PROJECT, S1, t.text().encode())
    run(vault)
    shorter = transcript(S1, "it")
    vault.files.add(PROJECT, S1, shorter.text().encode())
    assert statuses(run(vault)) == {S1: f"skipped ({SkipReason.SMALLER.value})"}
    assert vault.container.adapters.codec().decode(vault.store.main_blob(S1)) == t.text().encode()


def test_same_size_other_content_is_an_update(vault: MemoryVault) -> None:
    vault.files.add(PROJECT, S1, transcript(S1, "the migration fails on postgres").text().encode())
    run(vault)
    vault.files.add(PROJECT, S1, transcript(S1, "the migration fails on postgrez").text().encode())
    assert statuses(run(vault)) == {S1: "updated"}


def test_a_dry_run_decides_and_writes_nothing(vault: MemoryVault) -> None:
    vault.files.add(PROJECT, S1, transcript(S1).text().encode())
    report = run(vault, ImportRequest(dry_run=True))
    assert report.dry_run
    assert statuses(report) == {S1: "new"}
    assert vault.store.count_sessions() == 0


def test_the_project_filter_takes_the_path_as_typed_or_mangled(vault: MemoryVault) -> None:
    vault.files.add(Path("/-home-dev-notes-app"), S1, transcript(S1).text().encode())
    vault.files.add(Path("/-srv-other"), S2, transcript(S2).text().encode())
    assert set(statuses(run(vault, ImportRequest(project="notes_app", dry_run=True)))) == {S1}
    assert set(statuses(run(vault, ImportRequest(project="srv-oth", dry_run=True)))) == {S2}
    assert statuses(run(vault, ImportRequest(project="nothing", dry_run=True))) == {}


def test_a_failing_batch_is_retried_one_session_at_a_time(vault: MemoryVault) -> None:
    for session in (S1, S2, S3):
        vault.files.add(PROJECT, session, transcript(session).text().encode())
    vault.store.fail_on.add(S2)
    report = run(vault)
    assert report.count(ImportStatus.NEW) == 2
    (failed,) = [o for o in report.outcomes if o.status is ImportStatus.ERROR]
    assert failed.uuid == S2
    assert "cannot save" in failed.detail
    assert {s.uuid for s in vault.store.sessions(SessionFilter())} == {S1, S3}


def test_batches_are_bounded_by_count(vault: MemoryVault, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(batches, "BATCH_ITEMS", 2)
    for session in (S1, S2, S3):
        vault.files.add(PROJECT, session, transcript(session).text().encode())
    run(vault)
    assert [len(batch) for batch in vault.store.saved_batches] == [2, 1]


def test_cancelling_keeps_what_was_archived(vault: MemoryVault) -> None:
    for session in (S1, S2, S3):
        vault.files.add(PROJECT, session, transcript(session).text().encode())
    asked = iter([False, True])
    report = vault.container.use_cases.import_sessions().execute(
        ImportRequest(), stop=lambda: next(asked)
    )
    assert report.cancelled
    assert statuses(report) == {S1: "new"}
    assert vault.store.count_sessions() == 1


def test_large_sidecars_are_left_out_but_subagent_transcripts_never(vault: MemoryVault) -> None:
    agent = ClaudeTranscript(S1, PROJECT, agent_id="big")
    agent.prompt("go")
    agent.bash("cat big.log", "x" * (6 * 1024 * 1024))
    vault.files.add(
        PROJECT,
        S1,
        transcript(S1).text().encode(),
        sidecars={
            "tool-results/huge.txt": b"y" * (5 * 1024 * 1024 + 1),
            "tool-results/small.txt": b"z",
            "subagents/agent-big.jsonl": agent.text().encode(),
        },
    )
    run(vault)
    assert vault.store.file_names(S1) == ["subagents/agent-big.jsonl", "tool-results/small.txt"]


def test_sessions_without_messages_or_complete_lines_are_skipped(vault: MemoryVault) -> None:
    vault.files.add(PROJECT, S1, b'{"type":"file-history-snapshot","snapshot":{}}\n')
    vault.files.add(PROJECT, S2, b'{"type":"user","message":{"role":"user","content":"half')
    assert statuses(run(vault)) == {
        S1: f"skipped ({SkipReason.NO_MESSAGES.value})",
        S2: f"skipped ({SkipReason.EMPTY.value})",
    }


def test_a_line_still_being_written_waits_for_the_next_import(vault: MemoryVault) -> None:
    text = transcript(S1).text()
    vault.files.add(PROJECT, S1, (text + '{"type":"user","mess').encode())
    run(vault)
    codec = vault.container.adapters.codec()
    assert codec.decode(vault.store.main_blob(S1)) == text.encode()


def test_compression_can_be_switched_off_and_both_read_back(tmp_path: Path) -> None:
    raw = memory_vault(tmp_path, {"CAPY_VAULT_NO_COMPRESS": "1"})
    raw.files.add(PROJECT, S1, transcript(S1).text().encode())
    run(raw)
    blob = raw.store.main_blob(S1)
    assert blob.encoding is BlobEncoding.RAW
    assert raw.store.stats().min_reader_version == 1
    compressing = memory_vault(tmp_path)
    assert compressing.container.adapters.codec().decode(blob) == transcript(S1).text().encode()


def test_a_vault_holding_only_other_machines_sessions_is_flagged(vault: MemoryVault) -> None:
    vault.store.save([archived(S3, machine="laptop")])
    vault.files.add(PROJECT, S1, transcript(S1).text().encode())
    assert run(vault).other_machines_only is True
    assert run(vault).other_machines_only is False  # now it holds one of this machine's
