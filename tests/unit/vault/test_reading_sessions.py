"""Finding, showing, restoring and resuming archived sessions (use cases, in memory)."""

from __future__ import annotations

from pathlib import Path, PurePosixPath

import attrs
import pytest
from dependency_injector import providers

from application.use_cases.vault.import_sessions import ImportRequest
from application.use_cases.vault.search_vault import VaultSearchRequest
from domain.errors import InvalidInput
from domain.vault.errors import AmbiguousSession
from domain.vault.rendering import ShowFormat
from domain.vault.restore import RestoreStatus
from domain.vault.search import SessionFilter, VaultQuery
from domain.vault.session import MessageRole
from tests.support.transcripts import ClaudeTranscript
from tests.unit.vault.harness import MemoryVault, memory_vault
from tests.unit.vault.sessions import archived

PROJECT = Path("/home/dev/notes_app")
S1 = "abcdef01-1a2d-4c3b-8e7f-112233445566"
S2 = "abcdef01-2222-4c3b-8e7f-112233445566"


@pytest.fixture
def vault(tmp_path: Path) -> MemoryVault:
    return memory_vault(tmp_path)


def _import(vault: MemoryVault, sidecars: dict[str, bytes] | None = None) -> ClaudeTranscript:
    t = ClaudeTranscript(S1, PROJECT)
    t.prompt("Read the settings and explain the cache")
    t.tool("Read", {"file_path": "/app/settings.py"}, "CACHE_TTL = 60\n" * 30)
    t.say("The cache keeps entries for a minute.")
    vault.files.add(PROJECT, S1, t.text().encode(), sidecars=sidecars)
    vault.container.use_cases.import_sessions().execute(ImportRequest())
    return t


def test_a_session_is_found_by_an_unambiguous_prefix(vault: MemoryVault) -> None:
    vault.store.save([archived(S1), archived(S2)])
    find = vault.container.use_cases.find_session()
    assert find.execute(S1.upper()).uuid == S1
    assert find.execute("abcdef01-2").uuid == S2
    with pytest.raises(AmbiguousSession) as both:
        find.execute("abcdef01")
    assert {c.uuid for c in both.value.candidates} == {S1, S2}
    assert "more characters" in both.value.hint


def test_too_short_or_unknown_ids_say_what_to_do(vault: MemoryVault) -> None:
    find = vault.container.use_cases.find_session()
    with pytest.raises(InvalidInput) as short:
        find.execute("abc")
    assert "at least 8" in short.value.hint
    with pytest.raises(InvalidInput) as unknown:
        find.execute("ffffffff")
    assert "capy vault list" in unknown.value.hint


def test_show_json_is_the_transcript_verbatim(vault: MemoryVault) -> None:
    t = _import(vault)
    session = vault.store.sessions(SessionFilter())[0]
    shown = vault.container.use_cases.show_session().execute(session, ShowFormat.JSON, str, str)
    assert b"".join(shown) == t.text().encode()


def test_show_text_leaves_thinking_out_and_folds_file_dumps(vault: MemoryVault) -> None:
    agent = ClaudeTranscript(S1, PROJECT, agent_id="helper")
    agent.prompt("summarise the cache")
    agent.say("a minute")
    _import(vault, {"subagents/agent-helper.jsonl": agent.text().encode()})
    session = vault.store.sessions(SessionFilter())[0]
    text = b"".join(
        vault.container.use_cases.show_session().execute(
            session, ShowFormat.TEXT, lambda path: "~/notes_app", lambda at: "then"
        )
    ).decode()
    assert text.startswith("Read the settings and explain the cache\n")
    assert "project: ~/notes_app (main)" in text
    assert "→ Read /app/settings.py" in text
    assert "(Read output omitted: 31 lines)" in text
    assert "CACHE_TTL" not in text
    assert "Let me think." not in text
    assert text.index("The cache keeps entries") < text.index("=== Subagent helper ===")
    markdown = b"".join(
        vault.container.use_cases.show_session().execute(session, ShowFormat.MARKDOWN, str, str)
    ).decode()
    assert "## 🤖 Claude" in markdown and "# Subagent helper" in markdown


def test_restore_writes_every_file_and_leaves_identical_ones(vault: MemoryVault) -> None:
    t = _import(vault, {"tool-results/out.txt": b"output"})
    session = vault.store.sessions(SessionFilter())[0]
    restore = vault.container.use_cases.restore_session()
    report = restore.execute(session, None, lambda path: False)
    folder = vault.container.vault_core.projects_dir() / session.claude_project_dir
    assert report.folder == folder
    assert vault.folders.files == {
        folder / f"{S1}.jsonl": t.text().encode(),
        folder / S1 / "tool-results/out.txt": b"output",
    }
    again = restore.execute(session, None, lambda path: False)
    assert {f.status for f in again.files} == {RestoreStatus.UNCHANGED}


def test_restore_asks_before_replacing_a_different_file(vault: MemoryVault) -> None:
    t = _import(vault)
    session = vault.store.sessions(SessionFilter())[0]
    target = Path("/out") / f"{S1}.jsonl"
    vault.folders.files[target] = b"something else"
    asked: list[Path] = []
    restore = vault.container.use_cases.restore_session()
    kept = restore.execute(session, Path("/out"), lambda path: asked.append(path) is not None)
    assert asked == [target]
    assert kept.files[0].status is RestoreStatus.KEPT
    assert vault.folders.files[target] == b"something else"
    replaced = restore.execute(session, Path("/out"), lambda path: True)
    assert replaced.files[0].status is RestoreStatus.WRITTEN
    assert vault.folders.files[target] == t.text().encode()


def test_unsafe_names_are_skipped(vault: MemoryVault) -> None:
    vault.store.save(
        [
            archived(
                S1,
                files={
                    "../../.bashrc": b"x",
                    "/etc/passwd": b"x",
                    "ok/../../up": b"x",
                    "linked/evil.txt": b"x",
                    "fine.txt": b"ok",
                },
            )
        ]
    )
    vault.folders.escaping.add(PurePosixPath(S1) / "linked")
    session = vault.store.sessions(SessionFilter())[0]
    report = vault.container.use_cases.restore_session().execute(
        session, Path("/out"), lambda path: True
    )
    statuses = {f.name: f.status for f in report.files}
    assert statuses[f"{S1}/fine.txt"] is RestoreStatus.WRITTEN
    for name in ("../../.bashrc", "/etc/passwd", "ok/../../up", "linked/evil.txt"):
        assert statuses[f"{S1}/{name}"] is RestoreStatus.UNSAFE, name
    assert set(vault.folders.files) == {
        Path("/out") / f"{S1}.jsonl",
        Path("/out") / S1 / "fine.txt",
    }


def test_a_stored_project_folder_that_is_not_a_folder_name_needs_an_output(
    vault: MemoryVault,
) -> None:
    entry = archived(S1)
    vault.store.save(
        [attrs.evolve(entry, session=attrs.evolve(entry.session, claude_project_dir="../x"))]
    )
    session = vault.store.sessions(SessionFilter())[0]
    with pytest.raises(InvalidInput) as raised:
        vault.container.use_cases.restore_session().execute(session, None, lambda p: True)
    assert "--output" in raised.value.hint


def test_resume_restores_for_the_folder_claude_will_run_in(tmp_path: Path) -> None:
    vault = memory_vault(tmp_path)
    vault.container.adapters.is_directory.override(
        providers.Object(lambda path: path == str(PROJECT))
    )
    _import(vault)
    session = vault.store.sessions(SessionFilter())[0]
    plan = vault.container.use_cases.resume_session().execute(
        session, None, tmp_path, lambda recorded: False, lambda path: False
    )
    assert plan.directory == PROJECT
    assert plan.restored.folder.name == "-home-dev-notes-app"
    elsewhere = vault.container.use_cases.resume_session()
    with pytest.raises(InvalidInput):
        elsewhere.execute(session, Path("/nope"), tmp_path, lambda r: True, lambda p: True)


def test_resume_in_the_current_folder_only_when_agreed(vault: MemoryVault, tmp_path: Path) -> None:
    _import(vault)
    session = vault.store.sessions(SessionFilter())[0]
    resume = vault.container.use_cases.resume_session()
    with pytest.raises(InvalidInput) as refused:
        resume.execute(session, None, tmp_path, lambda recorded: False, lambda path: False)
    assert "--dir" in refused.value.hint
    plan = resume.execute(session, None, tmp_path, lambda recorded: True, lambda path: False)
    assert plan.directory == tmp_path


def test_search_requests_are_checked(vault: MemoryVault) -> None:
    _import(vault)
    search = vault.container.use_cases.search()
    with pytest.raises(InvalidInput):
        search.execute(VaultSearchRequest("   "))
    with pytest.raises(InvalidInput):
        search.execute(VaultSearchRequest("cache", query=VaultQuery("", limit=0)))
    hits = search.execute(VaultSearchRequest("cache minute"))
    assert [(h.uuid, h.role) for h in hits] == [(S1, MessageRole.ASSISTANT)]
    raw = search.execute(VaultSearchRequest("settings OR minute", raw=True))
    assert len(raw) == 3  # the prompt, the Read call and the answer
