"""Merging real vault files: the Go capy's (v1, SQLCipher-4 settings, a log to read with it)
and another vault of this capy; the source is never changed."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest

from application.use_cases.vault.import_sessions import ImportRequest
from application.use_cases.vault.merge_vault import MergeRequest
from domain.errors import InvalidInput, WrongKey
from domain.vault.blob import BlobEncoding
from domain.vault.importing import ImportStatus
from domain.vault.query_grammar import every_word
from domain.vault.search import SessionFilter, VaultQuery
from tests.integration.vault.real_vault import real_vault
from tests.support.go_capy import (
    GO_VAULT_SCHEMA,
    GoSession,
    copied_while_open,
    write_go_sessions,
)
from tests.support.transcripts import ClaudeHome, ClaudeTranscript

GO_KEY = "go key with spaces, 100% & ?#quotes'"
S1 = "0b5e9f6c-1a2d-4c3b-8e7f-112233445566"
S2 = "1c6f0a7d-2b3e-4d4c-9f80-223344556677"


def _transcript(session: str, word: str) -> bytes:
    t = ClaudeTranscript(session, "/home/dev/notes_app")
    t.prompt(f"where does the {word} come from?")
    t.bash("grep -rn thing", f"src/{word}.py:3: thing")
    t.say(f"the {word} comes from src/{word}.py")
    return t.text().encode()


def _go_vault(tmp_path: Path) -> tuple[Path, list[GoSession]]:
    agent = ClaudeTranscript(S1, "/home/dev/notes_app", agent_id="ab12")
    agent.prompt("look for the walrus")
    agent.say("the walrus hides in the subagent")
    sessions = [
        GoSession(
            S1,
            _transcript(S1, "narwhal"),
            files={
                "subagents/agent-ab12.jsonl": agent.text().encode(),
                "tool-results/shot.png": b"\x28\xb5\x2f\xfd not a zstd frame, a screenshot",
            },
        ),
        GoSession(S2, _transcript(S2, "platypus"), title=None, branch=None),
    ]
    live, copy = tmp_path / "live" / "vault.db", tmp_path / "copy" / "vault.db"
    live.parent.mkdir()
    copy.parent.mkdir()
    with copied_while_open(live, GO_KEY, GO_VAULT_SCHEMA, copy) as go:
        write_go_sessions(go, sessions)
    assert copy.with_name("vault.db-wal").stat().st_size > 0  # the copy needs its log
    return copy, sessions


def _bytes_of(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in folder.iterdir() if p.suffix != ".db-shm"}


def test_a_go_vault_is_merged_whole_and_left_untouched(isolated_home: Path, tmp_path: Path) -> None:
    source, sessions = _go_vault(tmp_path)
    before = {k: v for k, v in _bytes_of(source.parent).items() if not k.endswith("-shm")}

    with real_vault(isolated_home) as vault:
        report = vault.use_cases.merge().execute(MergeRequest(source, GO_KEY))
        assert "a vault in the older format the Go capy" in report.source
        assert {o.uuid: o.status for o in report.outcomes} == {
            S1: ImportStatus.NEW,
            S2: ImportStatus.NEW,
        }
        store, codec = vault.adapters.vault_store(), vault.adapters.codec()
        merged = {s.uuid: s for s in store.sessions(SessionFilter())}
        one, two = merged[S1], merged[S2]
        assert (one.machine_id, one.title, one.git_branch, one.message_count) == (
            "go-laptop",
            "a session from the Go capy",
            "main",
            4,
        )
        assert one.archived_at.isoformat() == "2026-02-03T04:05:06+00:00"
        assert one.end_time == datetime(2026, 2, 1, 10, 30, tzinfo=UTC)  # to the second
        assert (two.title, two.git_branch) == (None, None)
        assert codec.decode(store.main_blob(S1)) == sessions[0].main
        assert store.main_blob(S1).encoding is BlobEncoding.ZSTD
        stored_files = {f.relative_path: f.blob for f in store.files(S1)}
        assert {n: codec.decode(b) for n, b in stored_files.items()} == sessions[0].files
        assert stored_files["tool-results/shot.png"].encoding is BlobEncoding.RAW
        assert {h.subagent_id for h in store.search(VaultQuery(every_word("walrus")))} == {"ab12"}
        assert store.search(VaultQuery(every_word("platypus")))
        assert store.search(VaultQuery(every_word("zanzibar"))) == []  # Go's rows not copied
        again = vault.use_cases.merge().execute(MergeRequest(source, GO_KEY))
        assert again.count(ImportStatus.SKIPPED) == 2

    after = {k: v for k, v in _bytes_of(source.parent).items() if not k.endswith("-shm")}
    assert after == before


def test_a_wrong_key_is_refused_and_the_source_kept(isolated_home: Path, tmp_path: Path) -> None:
    source, _ = _go_vault(tmp_path)
    before = source.read_bytes()
    with real_vault(isolated_home) as vault:
        with pytest.raises(WrongKey) as refused:
            vault.use_cases.merge().execute(MergeRequest(source, "not the key"))
        assert "--key" in refused.value.hint
        with pytest.raises(InvalidInput):
            vault.use_cases.merge().execute(MergeRequest(tmp_path / "missing.db", GO_KEY))
        assert vault.adapters.vault_store().count_sessions() == 0
    assert source.read_bytes() == before


def test_another_vault_of_this_capy_is_merged_with_larger_wins(
    isolated_home: Path, tmp_path: Path
) -> None:
    laptop_home = tmp_path / "laptop"
    project = tmp_path / "app"
    project.mkdir()
    for home, words in ((laptop_home, ("kelp", "krill")), (isolated_home, ("kelp",))):
        claude = ClaudeHome(home / ".claude")
        t = ClaudeTranscript(S1, project)
        for word in words:
            t.prompt(f"what about {word}?")
            t.say(f"{word} is fine")
        claude.session(project, t)
    env = {"CAPY_VAULT_KEY": "laptop key"}
    with real_vault(laptop_home, env) as laptop:
        laptop.use_cases.import_sessions().execute(ImportRequest())
        laptop_vault = laptop.vault_core.path()
    with real_vault(isolated_home) as vault:
        vault.use_cases.import_sessions().execute(ImportRequest())
        report = vault.use_cases.merge().execute(MergeRequest(laptop_vault, "laptop key"))
        assert report.source == "a capy vault in the current format"
        assert [o.status for o in report.outcomes] == [ImportStatus.UPDATED]
        store = vault.adapters.vault_store()
        assert store.search(VaultQuery(every_word("krill")))


def test_sessions_a_restore_would_refuse_are_refused_at_the_door(
    isolated_home: Path, tmp_path: Path
) -> None:
    good = "2d7a1b8e-3c4f-4e5d-8a9b-334455667788"
    sessions = [
        GoSession("../../outside", _transcript("../../outside", "escape")),
        GoSession("/etc/passwd", _transcript("/etc/passwd", "absolute")),
        GoSession(S1, _transcript(S1, "narwhal"), files={"../../.bashrc": b"evil"}),
        GoSession(S2, _transcript(S2, "walrus"), files={"/abs/file": b"evil"}),
        GoSession(good, _transcript(good, "platypus")),
    ]
    live, copy = tmp_path / "live" / "vault.db", tmp_path / "copy" / "vault.db"
    live.parent.mkdir()
    copy.parent.mkdir()
    with copied_while_open(live, GO_KEY, GO_VAULT_SCHEMA, copy) as go:
        write_go_sessions(go, sessions)

    with real_vault(isolated_home) as vault:
        report = vault.use_cases.merge().execute(MergeRequest(copy, GO_KEY))
        statuses = {o.uuid: o.status for o in report.outcomes}
        assert statuses.pop(good) is ImportStatus.NEW
        assert set(statuses.values()) == {ImportStatus.ERROR}, report.outcomes
        assert all("outside its folder" in o.detail for o in report.outcomes if o.uuid != good)
        kept = {s.uuid for s in vault.adapters.vault_store().sessions(SessionFilter(limit=0))}
        assert kept == {good}
