"""``capy vault …`` as a user runs it: import → list → search → show → restore → delete."""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path

import pytest

from tests.e2e.installed import installed_capy
from tests.support.transcripts import ClaudeHome, ClaudeTranscript

VAULT_COMMANDS = [
    "import",
    "list",
    "search",
    "show",
    "restore",
    "resume",
    "delete",
    "stats",
    "checkpoint",
    "reindex",
    "merge",
    "rekey",
    "compact",
]
S1 = "7c1d2e90-4b3a-4f6e-9a51-2f0c8d3b6a11"
S2 = "8d2e3fa1-5c4b-4a7f-8b62-3a1d9e4c7b22"


@pytest.fixture(scope="module")
def capy() -> str:
    return installed_capy()


def run(capy: str, cwd: Path, *args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    environment = {**os.environ}
    environment.pop("CAPY_DEBUG", None)
    return subprocess.run(
        [capy, "vault", *args],
        check=False,
        cwd=cwd,
        env=environment,
        input=stdin,
        capture_output=True,
        text=True,
        timeout=120,
    )


@pytest.mark.parametrize("command", VAULT_COMMANDS)
def test_every_vault_command_has_help(capy: str, tmp_path: Path, command: str) -> None:
    done = run(capy, tmp_path, command, "--help")
    assert done.returncode == 0, done.stderr
    assert f"Usage: capy vault {command}" in done.stdout
    assert len(done.stdout.strip().splitlines()) > 3, "a usage line alone says nothing"
    assert "--db" not in done.stdout  # the vault does not use the knowledge base's file


def _files(folder: Path) -> dict[str, bytes]:
    return {
        str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()
    }


def test_import_list_search_show_restore_delete(
    capy: str, isolated_home: Path, tmp_path: Path
) -> None:
    project = tmp_path / "notes_app"
    project.mkdir()
    claude = ClaudeHome(isolated_home / ".claude")
    first = ClaudeTranscript(S1, project)
    first.prompt("Why does the nightly migration deadlock?")
    first.bash("psql -c 'select * from pg_locks'", "relation notes | AccessExclusiveLock")
    first.say("The reindex job holds an AccessExclusiveLock on notes.")
    first.title("Nightly migration deadlock")
    claude.session(project, first)
    agent = ClaudeTranscript(S1, project, agent_id="a91b")
    agent.prompt("list lock holders")
    agent.say("reindex_job holds it")
    claude.subagent(project, S1, agent, "Explore", "lock holders")
    own = claude.project_dir(project) / S1 / "tool-results"
    own.mkdir()
    (own / "psql.txt").write_text("relation notes | AccessExclusiveLock\n" * 100)
    second = ClaudeTranscript(S2, project)
    second.prompt("Add a dark mode toggle")
    second.say("Added the toggle to settings.")
    claude.session(project, second)
    original = _files(claude.project_dir(project))

    imported = run(capy, tmp_path, "import")
    assert imported.returncode == 0, imported.stderr
    assert "imported 2, updated 0, skipped 0, errors 0" in imported.stdout
    again = run(capy, tmp_path, "import")
    assert "imported 0, updated 0, skipped 2, errors 0" in again.stdout

    listed = json.loads(run(capy, tmp_path, "list", "--json").stdout)
    assert {s["uuid"] for s in listed} == {S1, S2}
    assert {s["title"] for s in listed} == {"Nightly migration deadlock", "Add a dark mode toggle"}

    found = run(capy, tmp_path, "search", "AccessExclusiveLock", "--json")
    assert found.returncode == 0, found.stderr
    hits = json.loads(found.stdout)
    assert {hit["uuid"] for hit in hits} == {S1}
    assert any("[AccessExclusiveLock]" in hit["snippet"] for hit in hits)
    table = run(capy, tmp_path, "search", "holders", "--role", "user")
    assert S1[:8] in table.stdout and "user*" in table.stdout
    bad = run(capy, tmp_path, "search", "lock", "NEAR(", "--raw")
    assert bad.returncode == 1 and "--raw" in bad.stderr

    shown = run(capy, tmp_path, "show", S1[:8])
    assert shown.returncode == 0, shown.stderr
    assert "Nightly migration deadlock" in shown.stdout
    assert "→ Bash psql -c 'select * from pg_locks'" in shown.stdout
    assert "=== Subagent a91b ===" in shown.stdout
    exported = run(capy, tmp_path, "show", S1, "--format", "json")
    assert exported.stdout == first.text()

    out = tmp_path / "fresh"
    restored = run(capy, tmp_path, "restore", S1[:8], "--output", str(out))
    assert restored.returncode == 0, restored.stderr
    run(capy, tmp_path, "restore", S2[:8], "--output", str(out))
    assert _files(out) == original
    again = run(capy, tmp_path, "restore", S1[:8], "--output", str(out))
    assert again.returncode == 0 and "already in place" in again.stderr
    changed = out / f"{S1}.jsonl"
    changed.write_text("edited by hand\n")
    kept = run(capy, tmp_path, "restore", S1[:8], "--output", str(out))  # no terminal to ask
    assert kept.returncode == 1 and "--overwrite" in kept.stderr, kept.stderr
    assert changed.read_text() == "edited by hand\n"
    replaced = run(capy, tmp_path, "restore", S1[:8], "--output", str(out), "--overwrite")
    assert replaced.returncode == 0 and _files(out) == original

    refused = run(capy, tmp_path, "delete", S2[:8])  # no terminal to ask: nothing deleted
    assert refused.returncode == 1
    assert "nothing deleted" in refused.stderr and "--yes" in refused.stderr
    deleted = run(capy, tmp_path, "delete", S2[:8], "--yes")
    assert deleted.returncode == 0, deleted.stderr
    assert {s["uuid"] for s in json.loads(run(capy, tmp_path, "list", "--json").stdout)} == {S1}
    assert run(capy, tmp_path, "search", "toggle", "--json").stdout.strip() == "[]"

    stats = json.loads(run(capy, tmp_path, "stats", "--json").stdout)
    assert stats["sessions"] == 1
    assert stats["reindex_backlog"] == 0
    assert stats["compression_ratio"] > 1
    checkpoint = run(capy, tmp_path, "checkpoint")
    assert "write-ahead log flushed" in checkpoint.stdout


def test_errors_say_what_to_do(capy: str, tmp_path: Path) -> None:
    missing = run(capy, tmp_path, "show", "deadbeef")
    assert missing.returncode == 1
    assert "capy vault import" in missing.stderr
    empty = run(capy, tmp_path, "import")
    assert empty.returncode == 0
    assert "no sessions found" in empty.stdout
    short = run(capy, tmp_path, "show", "dead")
    assert short.returncode == 1 and "at least 8" in short.stderr
    unknown = run(capy, tmp_path, "show", "deadbeef")
    assert unknown.returncode == 1 and "capy vault list" in unknown.stderr
    date = run(capy, tmp_path, "search", "x", "--after", "yesterday")
    assert date.returncode == 1 and "2026-03-01" in date.stderr
