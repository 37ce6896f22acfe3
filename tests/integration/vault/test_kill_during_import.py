"""kill -9 in the middle of an import leaves whole sessions only; the next import finishes."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

from application.use_cases.vault.import_sessions import ImportRequest
from domain.vault.digest import session_hash
from domain.vault.importing import ImportStatus
from domain.vault.search import SessionFilter
from tests.integration.vault.real_vault import real_vault
from tests.support.transcripts import ClaudeHome, ClaudeTranscript

SESSIONS = 120


def _history(home: Path, project: Path) -> None:
    claude = ClaudeHome(home / ".claude")
    for n in range(SESSIONS):
        t = ClaudeTranscript(f"{n:08x}-0000-4000-8000-000000000000", project)
        for turn in range(40):
            t.prompt(f"step {turn} of session {n}: why is build {turn * n} slow?")
            t.bash(f"make build-{turn}", f"compiling module {turn}\n" * 60)
            t.say(f"Module {turn} recompiles because its header changed ({n}).")
        claude.session(project, t)


def test_a_killed_import_leaves_no_partial_session(isolated_home: Path, tmp_path: Path) -> None:
    project = tmp_path / "app"
    project.mkdir()
    _history(isolated_home, project)
    env = {**os.environ, "HOME": str(isolated_home)}
    child = subprocess.Popen(
        [sys.executable, "-m", "entrypoints.main", "vault", "import", "--quiet"],
        env=env,
        cwd=tmp_path,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    wal = isolated_home / ".local/share/capy/vault.db-wal"
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and child.poll() is None:
        if wal.exists() and wal.stat().st_size > 4 * 1024 * 1024:
            break
        time.sleep(0.02)
    killed_midway = child.poll() is None
    child.send_signal(signal.SIGKILL)
    child.wait()

    with real_vault(isolated_home) as vault:
        store = vault.adapters.vault_store()
        codec = vault.adapters.codec()
        sessions = store.sessions(SessionFilter(limit=0))
        for session in sessions:
            files = {session.main_file: codec.decode(store.main_blob(session.uuid))}
            files |= {f.relative_path: codec.decode(f.blob) for f in store.files(session.uuid)}
            assert session_hash(files) == session.content_hash
            assert session.message_count == 120
        assert killed_midway, "the import finished before it could be killed"
        assert len(sessions) < SESSIONS
        report = vault.use_cases.import_sessions().execute(ImportRequest())
        assert report.count(ImportStatus.ERROR) == 0
        assert store.count_sessions() == SESSIONS
