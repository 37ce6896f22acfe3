"""``capy vault merge|reindex|compact|rekey`` and ``capy import-kb`` as a user runs them."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from tests.e2e.installed import installed_capy, run_capy
from tests.support.go_capy import GO_VAULT_SCHEMA, GoSession, copied_while_open, write_go_sessions
from tests.support.transcripts import ClaudeHome, ClaudeTranscript

S1 = "7c1d2e90-4b3a-4f6e-9a51-2f0c8d3b6a11"
S2 = "8d2e3fa1-5c4b-4a7f-8b62-3a1d9e4c7b22"


def run(
    capy: str, cwd: Path, *args: str, env: dict[str, str] | None = None
) -> subprocess.CompletedProcess[str]:
    return run_capy(*args, cwd=cwd, env=env)


@pytest.fixture(scope="module")
def capy() -> str:
    return installed_capy()


def _stats(capy: str, cwd: Path) -> dict[str, object]:
    done = run(capy, cwd, "vault", "stats", "--json")
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)  # type: ignore[no-any-return]


def test_merge_a_go_vault_then_compact_reindex_and_rekey(
    capy: str, isolated_home: Path, tmp_path: Path
) -> None:
    project = tmp_path / "notes_app"
    project.mkdir()
    mine = ClaudeTranscript(S1, project)
    mine.prompt("Why does the nightly migration deadlock?")
    mine.say("The reindex job holds an AccessExclusiveLock on notes.")
    ClaudeHome(isolated_home / ".claude").session(project, mine)
    imported = run(capy, tmp_path, "vault", "import", env={"CAPY_VAULT_NO_COMPRESS": "1"})
    assert imported.returncode == 0, imported.stderr

    theirs = ClaudeTranscript(S2, "/home/dev/other")
    theirs.prompt("How do I rotate the capybara logs?")
    theirs.say("logrotate with a weekly capybara rule")
    go = tmp_path / "go" / "vault.db"
    go.parent.mkdir()
    with copied_while_open(tmp_path / "live.db", "go key", GO_VAULT_SCHEMA, go) as writer:
        write_go_sessions(writer, [GoSession(S2, theirs.text().encode())])

    refused = run(capy, tmp_path, "vault", "merge", "--from", str(go))
    assert refused.returncode == 1 and "CAPY_VAULT_MERGE_KEY" in refused.stderr
    merged = run(
        capy, tmp_path, "vault", "merge", "--from", str(go), env={"CAPY_VAULT_MERGE_KEY": "go key"}
    )
    assert merged.returncode == 0, merged.stderr
    assert "added 1, updated 0, skipped 0, errors 0" in merged.stdout
    assert "a vault in the older format the Go capy" in merged.stderr
    assert "encoding" not in merged.stderr and "rows" not in merged.stderr
    found = run(capy, tmp_path, "vault", "search", "capybara", "--json")
    assert {hit["uuid"] for hit in json.loads(found.stdout)} == {S2}

    before = _stats(capy, tmp_path)
    compacted = run(capy, tmp_path, "vault", "compact")
    assert compacted.returncode == 0, compacted.stderr
    assert "1 file compressed" in compacted.stdout and "→" in compacted.stdout
    again = run(capy, tmp_path, "vault", "compact")
    assert "nothing to do" in again.stdout
    assert _stats(capy, tmp_path)["stored_bytes"] < before["stored_bytes"]  # type: ignore[operator]

    reindexed = run(capy, tmp_path, "vault", "reindex")
    assert reindexed.returncode == 0, reindexed.stderr
    assert "already" in reindexed.stdout

    rekeyed = run(capy, tmp_path, "vault", "rekey", "--remove-backup")
    assert rekeyed.returncode == 0, rekeyed.stderr
    assert "now encrypted with a new key" in rekeyed.stderr
    assert "kept in key file" in rekeyed.stderr and "previous file was deleted" in rekeyed.stderr
    vault_dir = isolated_home / ".local" / "share" / "capy"
    assert not (vault_dir / "vault.db.bak").exists()
    after = _stats(capy, tmp_path)
    assert after["sessions"] == 2


def test_rekey_with_the_key_in_the_environment(
    capy: str, isolated_home: Path, tmp_path: Path
) -> None:
    project = tmp_path / "app"
    project.mkdir()
    t = ClaudeTranscript(S1, project)
    t.prompt("hello")
    t.say("hi there")
    ClaudeHome(isolated_home / ".claude").session(project, t)
    env = {"CAPY_VAULT_KEY": "first key"}
    assert run(capy, tmp_path, "vault", "import", env=env).returncode == 0
    refused = run(capy, tmp_path, "vault", "rekey", env=env)
    assert refused.returncode == 1 and "CAPY_VAULT_NEW_KEY" in refused.stderr
    moved = run(capy, tmp_path, "vault", "rekey", env={**env, "CAPY_VAULT_NEW_KEY": "second"})
    assert moved.returncode == 0, moved.stderr
    assert "set CAPY_VAULT_KEY to it" in moved.stderr and "vault.db.bak" in moved.stderr
    old = run(capy, tmp_path, "vault", "stats", env=env)
    assert old.returncode == 1 and "CAPY_VAULT_KEY" in old.stderr
    assert run(capy, tmp_path, "vault", "stats", env={"CAPY_VAULT_KEY": "second"}).returncode == 0


def test_tui_needs_a_terminal_and_the_other_commands_never_load_it(
    capy: str, tmp_path: Path
) -> None:
    done = run(capy, tmp_path, "vault", "list", "--tui")
    assert done.returncode == 1 and "needs a terminal" in done.stderr
    probe = subprocess.run(
        [
            sys.executable,
            "-c",
            "import sys\n"
            "from entrypoints.cli.app import invoke\n"
            "invoke(['vault', 'list', '--json'])\n"
            "invoke(['vault', 'stats'])\n"
            "print('textual loaded' if 'textual' in sys.modules else 'no textual')\n",
        ],
        check=False,
        capture_output=True,
        text=True,
        cwd=tmp_path,
        timeout=60,
    )
    assert probe.stdout.strip().endswith("no textual"), probe.stderr


@pytest.mark.parametrize(
    ("command", "flag"),
    [
        (("import-kb",), "--from"),
        (("bench", "vault-ops"), "--history"),
        (("bench", "vault-tui"), "--sessions"),
    ],
)
def test_help_of_the_new_commands(
    capy: str, tmp_path: Path, command: tuple[str, ...], flag: str
) -> None:
    done = run(capy, tmp_path, *command, "--help")
    assert done.returncode == 0 and flag in done.stdout


def test_rekey_keeps_the_old_key_for_the_backup_and_says_how_to_open_it(
    capy: str, isolated_home: Path, tmp_path: Path
) -> None:
    project = tmp_path / "app"
    project.mkdir()
    mine = ClaudeTranscript(S1, project)
    mine.prompt("Why does the nightly migration deadlock?")
    mine.say("The reindex job holds an AccessExclusiveLock on notes.")
    ClaudeHome(isolated_home / ".claude").session(project, mine)
    assert run(capy, tmp_path, "vault", "import").returncode == 0

    rekeyed = run(capy, tmp_path, "vault", "rekey")
    assert rekeyed.returncode == 0, rekeyed.stderr
    backup = isolated_home / ".local" / "share" / "capy" / "vault.db.bak"
    assert f"CAPY_VAULT_PATH={backup} capy vault list" in rekeyed.stderr
    old = run(capy, tmp_path, "vault", "list", env={"CAPY_VAULT_PATH": str(backup)})
    assert old.returncode == 0, old.stderr
    assert S1[:8] in old.stdout
    assert run(capy, tmp_path, "vault", "list").returncode == 0

    # --remove-backup deletes the previous file and the key that opens it
    keys = isolated_home / ".config" / "capy" / "keys"
    before = {p.name for p in keys.iterdir()}
    again = run(capy, tmp_path, "vault", "rekey", "--remove-backup")
    assert again.returncode == 0, again.stderr
    assert not list(backup.parent.glob("vault.db.bak.*"))
    assert {p.name for p in keys.iterdir()} == before
