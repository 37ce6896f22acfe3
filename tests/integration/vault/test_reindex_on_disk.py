"""Re-indexing a real vault: kill -9 leaves whole sessions, the next run finishes; exclusivity."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
import sqlcipher3

from adapters.sqlcipher.key_material import passphrase_pragma
from application.use_cases.vault.import_sessions import ImportRequest
from domain.errors import StoreError
from domain.vault.indexing import INDEX_VERSION
from domain.vault.query_grammar import Phrase
from domain.vault.search import VaultQuery
from tests.integration.vault.holder import held_open, script
from tests.integration.vault.real_vault import real_vault
from tests.support.transcripts import ClaudeHome, ClaudeTranscript

SESSIONS = 100
TURNS = 25


def _history(home: Path, project: Path) -> None:
    claude = ClaudeHome(home / ".claude")
    for n in range(SESSIONS):
        t = ClaudeTranscript(f"{n:08x}-0000-4000-8000-000000000000", project)
        for turn in range(TURNS):
            t.prompt(f"step {turn} of session {n}: why is build {turn * n} slow?")
            t.bash(f"make build-{turn}", f"compiling module {turn}\n" * 60)
            t.say(f"Module {turn} recompiles because its header changed ({n}).")
        claude.session(project, t)


def _raw(path: Path, key: str) -> sqlcipher3.Connection:
    connection = sqlcipher3.connect(str(path), isolation_level=None)
    connection.execute(passphrase_pragma(key))
    connection.execute("PRAGMA busy_timeout = 5000")
    return connection


def _rows_per_session(connection: sqlcipher3.Connection) -> dict[str, int]:
    return dict(connection.execute("SELECT session_uuid, count(*) FROM vault_messages GROUP BY 1"))


def test_a_killed_reindex_leaves_whole_sessions_and_the_next_run_finishes(
    isolated_home: Path, tmp_path: Path
) -> None:
    project = tmp_path / "app"
    project.mkdir()
    _history(isolated_home, project)
    with real_vault(isolated_home) as vault:
        vault.use_cases.import_sessions().execute(ImportRequest())
        path, key = vault.vault_core.path(), vault.vault_core.key().secret
    raw = _raw(path, key)
    expected = _rows_per_session(raw)
    assert len(expected) == SESSIONS
    raw.execute("UPDATE vault_sessions SET index_version = 0")

    child = subprocess.Popen(
        [sys.executable, "-m", "entrypoints.main", "vault", "reindex"],
        env={**os.environ, "HOME": str(isolated_home)},
        cwd=tmp_path,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    deadline = time.monotonic() + 120
    stale = SESSIONS
    while time.monotonic() < deadline and child.poll() is None:
        stale = raw.execute(
            "SELECT count(*) FROM vault_sessions WHERE index_version < ?", (INDEX_VERSION,)
        ).fetchone()[0]
        if stale < SESSIONS:
            break
        time.sleep(0.01)
    killed_midway = child.poll() is None
    child.send_signal(signal.SIGKILL)
    child.wait()
    assert killed_midway, "the reindex finished before it could be killed"
    assert _rows_per_session(raw) == expected  # every session whole: old rows or new ones
    raw.close()

    with real_vault(isolated_home) as vault:
        store = vault.adapters.vault_store()
        left = len(store.stale_sessions(INDEX_VERSION))
        assert 0 < left < SESSIONS
        report = vault.use_cases.reindex().execute()
        assert (report.reindexed, report.remaining) == (left, 0)
        assert len(store.search(VaultQuery(Phrase("recompiles"), limit=1000))) == 1000
    raw = _raw(path, key)
    assert _rows_per_session(raw) == expected
    raw.close()


def test_holding_the_vault_fails_while_another_process_has_it_open(
    isolated_home: Path, tmp_path: Path
) -> None:
    with real_vault(isolated_home) as vault:
        vault.adapters.vault_store()
        path, key = vault.vault_core.path(), vault.vault_core.key().secret
    with held_open(path, key), real_vault(isolated_home) as vault:
        store = vault.adapters.vault_store()
        with pytest.raises(StoreError) as refused, store.hold_exclusively():
            pass
        assert "another process is using the vault" in str(refused.value)
        assert store.count_sessions() == 0  # the vault is usable as before
    with real_vault(isolated_home) as vault:
        store = vault.adapters.vault_store()
        with store.hold_exclusively():
            probe = subprocess.run(
                script(
                    path,
                    key,
                    "c.execute('PRAGMA busy_timeout = 200')\n"
                    "c.execute('SELECT count(*) FROM vault_sessions').fetchall()\n",
                ),
                capture_output=True,
                text=True,
                check=False,
            )
            assert "database is locked" in probe.stderr  # nobody else gets in meanwhile
        assert store.count_sessions() == 0
