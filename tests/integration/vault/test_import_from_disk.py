"""Importing real session files into a real encrypted vault, and restoring them byte for byte."""

from __future__ import annotations

import os
import stat
from pathlib import Path

from application.use_cases.vault.import_sessions import ImportRequest
from domain.vault.blob import BlobEncoding
from domain.vault.digest import session_hash
from domain.vault.importing import ImportStatus
from domain.vault.query_grammar import Phrase
from domain.vault.search import SessionFilter, VaultQuery
from tests.integration.vault.real_vault import real_vault
from tests.support.transcripts import ClaudeHome, ClaudeTranscript

S1 = "0b5e9f6c-1a2d-4c3b-8e7f-112233445566"
S2 = "1c6f0a7d-2b3e-4d4c-9f80-223344556677"
ZSTD_MAGIC = b"\x28\xb5\x2f\xfd"


def _session(claude: ClaudeHome, project: Path, session: str, words: str) -> ClaudeTranscript:
    t = ClaudeTranscript(session, project)
    t.prompt(f"Explain {words}")
    t.bash("make test", f"{words} passed")
    t.say(f"{words} are fine")
    claude.session(project, t)
    return t


def _files(folder: Path) -> dict[str, bytes]:
    return {
        str(path.relative_to(folder)): path.read_bytes()
        for path in sorted(folder.rglob("*"))
        if path.is_file() and not path.is_symlink()
    }


def test_import_then_restore_is_byte_identical(isolated_home: Path, tmp_path: Path) -> None:
    claude = ClaudeHome(isolated_home / ".claude")
    project = tmp_path / "work" / "app"
    project.mkdir(parents=True)
    _session(claude, project, S1, "the migrations")
    agent = ClaudeTranscript(S1, project, agent_id="f00d")
    agent.prompt("look for lock holders")
    agent.say("two holders")
    claude.subagent(project, S1, agent, "Explore", "find locks")
    own = claude.project_dir(project) / S1
    (own / "tool-results").mkdir()
    (own / "tool-results" / "shot.png").write_bytes(ZSTD_MAGIC + os.urandom(30_000))
    (own / "tool-results" / "log.txt").write_text("build log\n" * 1000)
    legacy = ClaudeTranscript(S1, project, agent_id="0ld")
    legacy.prompt("old layout subagent")
    legacy.say("still archived")
    legacy.write(claude.project_dir(project) / "agent-0ld.jsonl")
    original = _files(claude.project_dir(project))

    with real_vault(isolated_home) as vault:
        report = vault.use_cases.import_sessions().execute(ImportRequest())
        assert [o.status for o in report.outcomes] == [ImportStatus.NEW]
        store = vault.adapters.vault_store()
        assert "subagents/agent-0ld.jsonl" in store.file_names(S1)
        shot = next(f for f in store.files(S1) if f.relative_path.endswith("shot.png"))
        assert shot.blob.encoding is BlobEncoding.RAW
        assert store.main_blob(S1).encoding is BlobEncoding.ZSTD
        assert {h.subagent_id for h in store.search(VaultQuery(Phrase("holders")))} == {"f00d"}
        (session,) = store.sessions(SessionFilter())
        assert session.project_path == str(project)

        out = tmp_path / "restored"
        vault.use_cases.restore_session().execute(session, out, lambda path: False)

    restored = _files(out)
    expected = {name: data for name, data in original.items() if name != "agent-0ld.jsonl"}
    expected[f"{S1}/subagents/agent-0ld.jsonl"] = original["agent-0ld.jsonl"]
    assert restored == expected
    for path in out.rglob("*"):
        mode = stat.S_IMODE(path.stat().st_mode)
        assert mode == (0o700 if path.is_dir() else 0o600), path


def test_symlinked_transcripts_are_not_archived(isolated_home: Path, tmp_path: Path) -> None:
    claude = ClaudeHome(isolated_home / ".claude")
    project = tmp_path / "app"
    _session(claude, project, S1, "links")
    secret = tmp_path / "secret.jsonl"
    secret.write_text('{"type":"user","message":{"role":"user","content":"private"}}\n')
    (claude.project_dir(project) / f"{S2}.jsonl").symlink_to(secret)
    with real_vault(isolated_home) as vault:
        report = vault.use_cases.import_sessions().execute(ImportRequest())
        assert [o.uuid for o in report.outcomes] == [S1]


def test_config_dir_and_path_choices(isolated_home: Path, tmp_path: Path) -> None:
    config = tmp_path / "claude-config"
    claude = ClaudeHome(config)
    _session(claude, tmp_path / "one", S1, "first")
    _session(claude, tmp_path / "two", S2, "second")
    with real_vault(isolated_home, {"CLAUDE_CONFIG_DIR": str(config)}) as vault:
        importer = vault.use_cases.import_sessions()
        dry = ImportRequest(dry_run=True)
        assert len(importer.execute(dry).outcomes) == 2
        for root in (config, config / "projects", claude.project_dir(tmp_path / "one")):
            request = ImportRequest(root=root, dry_run=True)
            found = {o.uuid for o in importer.execute(request).outcomes}
            assert S1 in found, root
        only = importer.execute(ImportRequest(project=str(tmp_path / "two"), dry_run=True))
        assert [o.uuid for o in only.outcomes] == [S2]


def test_an_uncompressed_vault_reads_back_once_compression_is_on(
    isolated_home: Path, tmp_path: Path
) -> None:
    claude = ClaudeHome(isolated_home / ".claude")
    t = _session(claude, tmp_path / "app", S1, "raw rows")
    with real_vault(isolated_home, {"CAPY_VAULT_NO_COMPRESS": "1"}) as vault:
        vault.use_cases.import_sessions().execute(ImportRequest())
        assert vault.adapters.vault_store().main_blob(S1).encoding is BlobEncoding.RAW
        assert vault.adapters.vault_store().stats().min_reader_version == 1
    _session(claude, tmp_path / "app", S2, "zstd rows")
    with real_vault(isolated_home) as vault:
        vault.use_cases.import_sessions().execute(ImportRequest())
        store = vault.adapters.vault_store()
        codec = vault.adapters.codec()
        assert codec.decode(store.main_blob(S1)) == t.text().encode()
        assert store.main_blob(S2).encoding is BlobEncoding.ZSTD
        assert store.stats().min_reader_version == 2


def test_the_archived_hash_covers_exactly_the_archived_bytes(
    isolated_home: Path, tmp_path: Path
) -> None:
    claude = ClaudeHome(isolated_home / ".claude")
    project = tmp_path / "app"
    t = _session(claude, project, S1, "hashes")
    path = claude.project_dir(project) / f"{S1}.jsonl"
    with path.open("a") as handle:
        handle.write('{"type":"user","message":{"role":"user","content":"still typ')
    with real_vault(isolated_home) as vault:
        vault.use_cases.import_sessions().execute(ImportRequest())
        (session,) = vault.adapters.vault_store().sessions(SessionFilter())
    assert session.content_hash == session_hash({f"{S1}.jsonl": t.text().encode()})


def test_a_session_without_a_recorded_folder_gets_its_path_from_the_disk(
    isolated_home: Path, tmp_path: Path
) -> None:
    project = tmp_path / "my.project" / "sub_dir"
    project.mkdir(parents=True)
    claude = ClaudeHome(isolated_home / ".claude")
    folder = claude.project_dir(project)
    folder.mkdir(parents=True)
    (folder / f"{S1}.jsonl").write_text(
        '{"type":"user","message":{"role":"user","content":"no cwd here"},"uuid":"u1"}\n'
        '{"type":"assistant","message":{"id":"m1","role":"assistant","content":'
        '[{"type":"text","text":"fine"}]},"uuid":"u2"}\n'
    )
    with real_vault(isolated_home) as vault:
        vault.use_cases.import_sessions().execute(ImportRequest())
        (session,) = vault.adapters.vault_store().sessions(SessionFilter())
    assert session.project_path == str(project)
