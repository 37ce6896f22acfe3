"""A scripted week of Claude Code: five sessions, a server started on two days only, the host
deleting old transcripts — and every session still in the vault at the end.

Days 1–3 end their session with no MCP server started: only the SessionEnd hook archives them
(a detached ``capy vault import --session``). Days 4–5 start the server's sweep. Then the host's
clean-up deletes every transcript older than ``cleanupPeriodDays``.
"""

from __future__ import annotations

import json
import os
import subprocess
import threading
import time
from pathlib import Path

from domain.settings import VaultSweepScope
from entrypoints.mcp_server.background import TaskBudget
from entrypoints.mcp_server.vault_sweep import VaultSweep
from tests.e2e.installed import installed_capy
from tests.support.transcripts import ClaudeHome, ClaudeTranscript

DAY = 86_400
CLEANUP_DAYS = 2
SESSIONS = [f"{n}c1d2e90-4b3a-4f6e-9a51-2f0c8d3b6a1{n}" for n in range(1, 6)]


def _archived(capy: str, cwd: Path) -> set[str]:
    done = subprocess.run(
        [capy, "vault", "list", "--json", "--limit", "0"],
        cwd=cwd,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    if done.returncode != 0 or not done.stdout.strip():
        return set()
    return {session["uuid"] for session in json.loads(done.stdout)}


def _wait_for(capy: str, cwd: Path, wanted: set[str]) -> set[str]:
    deadline = time.monotonic() + 90
    found = _archived(capy, cwd)
    while not wanted <= found and time.monotonic() < deadline:
        time.sleep(0.5)
        found = _archived(capy, cwd)
    return found


def test_every_session_of_the_week_is_in_the_vault(isolated_home: Path, tmp_path: Path) -> None:
    capy = installed_capy()
    project = tmp_path / "app"
    (project / ".git").mkdir(parents=True)
    claude = ClaudeHome(isolated_home / ".claude")
    (isolated_home / ".claude").mkdir(exist_ok=True)
    (isolated_home / ".claude" / "settings.json").write_text(
        json.dumps({"cleanupPeriodDays": CLEANUP_DAYS})
    )
    env = {**os.environ, "CLAUDE_PROJECT_DIR": str(project)}
    now = time.time()
    transcripts: list[Path] = []
    for day, session in enumerate(SESSIONS, start=1):
        talk = ClaudeTranscript(session, project)
        talk.prompt(f"day {day}: why does the nightly job fail?")
        talk.say(f"day {day}: the lock is held by the reindex job")
        path = claude.session(project, talk)
        transcripts.append(path)
        if day <= 3:  # no server today: the host ends the session, the hook hands it over
            payload = {"session_id": session, "transcript_path": str(path), "reason": "exit"}
            hook = subprocess.run(
                [capy, "hook", "sessionend"],
                input=json.dumps(payload),
                capture_output=True,
                text=True,
                env=env,
                timeout=30,
                check=True,
            )
            assert hook.stdout == ""
            assert session in _wait_for(capy, project, {session})
        else:  # a server starts today and sweeps the project
            sweep = VaultSweep(VaultSweepScope.PROJECT, project, env, time_limit=60)
            sweep.run(TaskBudget(sweep.seconds, threading.Event(), busy=lambda: False))
            assert sweep.child is not None and sweep.child.returncode == 0
    for age, path in zip(range(len(transcripts), 0, -1), transcripts, strict=True):
        stamp = now - age * DAY
        os.utime(path, (stamp, stamp))

    # the host's clean-up: transcripts older than cleanupPeriodDays are deleted
    deleted = [p for p in transcripts if p.stat().st_mtime < now - CLEANUP_DAYS * DAY]
    for path in deleted:
        path.unlink()
    assert len(deleted) == 3

    assert _archived(capy, project) == set(SESSIONS)
    listing = subprocess.run(
        [capy, "vault", "list"], cwd=project, capture_output=True, text=True, timeout=60, check=True
    )
    print(f"\ntranscripts left on disk: {sum(p.exists() for p in transcripts)} of 5")
    print(listing.stdout)  # the closing note's listing (pytest -s)
