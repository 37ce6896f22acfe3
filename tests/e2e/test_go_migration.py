"""Upgrading from the Go capy: its files at capy's default paths are migrated in place, once.

A home laid out by the Go capy (both files, its schemas, each with a write-ahead log) is used
by the installed ``capy``: the first ``capy sources`` / ``capy vault list`` work, the counts
match, the backup is there. Then ``kill -9`` at points of a migration, each followed by a
normal start: the file at the path is always either the Go file or the finished migration.
By default at five points, one per state the files pass through (``CAPY_MIGRATION_KILLS=all``
kills at all ten, every moment of the filling included).
"""

from __future__ import annotations

import hashlib
import json
import os
import signal
import subprocess
import time
from pathlib import Path

import pytest

from entrypoints.go_migration import _is_go_knowledge_base, _is_go_vault, backup_of
from tests.e2e.installed import installed_capy
from tests.support.go_capy import (
    GO_KNOWLEDGE_SCHEMA,
    GO_VAULT_SCHEMA,
    GoSession,
    GoSource,
    copied_while_open,
    write_go_sessions,
    write_go_sources,
)

KEY = "go key with 'quotes' %20 ?#"
SOURCES = 120
SESSIONS = 60
KINDS = ("durable", "ephemeral", "session")
EVERY_POINT = os.environ.get("CAPY_MIGRATION_KILLS", "") == "all"


def _go_home(home: Path, project: Path) -> tuple[Path, Path]:
    data = home / ".local" / "share" / "capy"
    knowledge = data / hashlib.sha256(str(project).encode()).hexdigest()[:16] / "knowledge.db"
    knowledge.parent.mkdir(parents=True, exist_ok=True)
    scratch = home / "go-scratch"
    scratch.mkdir(exist_ok=True)
    with copied_while_open(scratch / "k.db", KEY, GO_KNOWLEDGE_SCHEMA, knowledge) as go:
        write_go_sources(
            go,
            [
                GoSource(
                    f"notes/{n}.md",
                    KINDS[n % 3],
                    "markdown",
                    (
                        (f"Deploy step {n}", f"rollout canary region{n} " * 80, "prose"),
                        (f"Script {n}", f"kubectl apply -f deploy{n}.yaml", "code"),
                    ),
                )
                for n in range(SOURCES)
            ],
        )
    with copied_while_open(scratch / "v.db", KEY, GO_VAULT_SCHEMA, data / "vault.db") as go:
        write_go_sessions(
            go,
            [
                GoSession(
                    f"{n:08x}-1a2d-4c3b-8e7f-112233445566",
                    b'{"type":"user","message":{"role":"user","content":"why %d"}}\n' % n * 40,
                )
                for n in range(SESSIONS)
            ],
        )
    return knowledge, data / "vault.db"


def _env(home: Path) -> dict[str, str]:
    return {
        **os.environ,
        "HOME": str(home),
        "XDG_DATA_HOME": str(home / ".local" / "share"),
        "XDG_CONFIG_HOME": str(home / ".config"),
        "CAPY_DB_KEY": KEY,
        "CAPY_VAULT_KEY": KEY,
    }


def _sources(capy: str, project: Path, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [capy, "sources", "--json"],
        cwd=project,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


def _sessions(capy: str, project: Path, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [capy, "vault", "list", "--json", "--limit", "0"],
        cwd=project,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


@pytest.fixture
def go_home(tmp_path: Path) -> tuple[Path, Path, Path, Path]:
    home, project = tmp_path / "home", tmp_path / "project"
    (project / ".git").mkdir(parents=True)
    knowledge, vault = _go_home(home, project)
    return home, project, knowledge, vault


def test_the_first_commands_migrate_both_files(go_home: tuple[Path, Path, Path, Path]) -> None:
    home, project, knowledge, vault = go_home
    capy, env = installed_capy(), _env(home)

    listed = _sessions(capy, project, env)
    assert listed.returncode == 0, listed.stderr
    assert len(json.loads(listed.stdout)) == SESSIONS
    assert f"kept as {backup_of(vault)}" in listed.stderr
    sources = _sources(capy, project, env)
    assert sources.returncode == 0, sources.stderr
    assert len(json.loads(sources.stdout)) == SOURCES
    assert f"{SOURCES} of {SOURCES} sources" in sources.stderr
    assert backup_of(knowledge).exists() and backup_of(vault).exists()
    assert _is_go_knowledge_base(backup_of(knowledge), KEY) and _is_go_vault(backup_of(vault), KEY)

    again = _sources(capy, project, env)  # once: the second start says nothing
    assert "migrated" not in again.stderr and len(json.loads(again.stdout)) == SOURCES


def _kill_when(
    command: list[str], cwd: Path, env: dict[str, str], ready: Path | None, then: float
) -> None:
    """Start ``command``; once ``ready`` exists (at once when None), wait ``then`` seconds and
    SIGKILL it — unless it finished first."""
    child = subprocess.Popen(
        command, cwd=cwd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
    )
    while ready is not None and not ready.exists() and child.poll() is None:
        time.sleep(0.002)
    time.sleep(then)
    if child.poll() is None:
        os.kill(child.pid, signal.SIGKILL)
    child.wait()


@pytest.mark.parametrize("which", ["knowledge base", "vault"])
def test_a_kill_at_any_point_leaves_the_go_file_or_the_finished_migration(
    go_home: tuple[Path, Path, Path, Path], tmp_path: Path, which: str
) -> None:
    home, project, knowledge, vault = go_home
    capy, env = installed_capy(), _env(home)
    if which == "vault":
        path, is_go, run, count = vault, _is_go_vault, _sessions, SESSIONS
        command = [capy, "vault", "list", "--json"]
    else:
        path, is_go, run, count = knowledge, _is_go_knowledge_base, _sources, SOURCES
        command = [capy, "sources", "--json"]
    pristine = tmp_path / "pristine"
    pristine.mkdir()
    originals = [p for p in path.parent.iterdir() if p.name.startswith(path.name)]
    for original in originals:
        (pristine / original.name).write_bytes(original.read_bytes())

    backup = backup_of(path)
    work = path.with_name(f".{path.name}.go-migration")
    points = [  # what must exist before the kill, then how long to wait; the default few
        (None, 0.3, False),  # still starting up
        (path.with_name(f".{path.name}.go-migration.lock"), 0.0, True),  # lock taken
        (backup.with_name(f".{backup.name}-wal.tmp"), 0.0, False),  # copying the Go log
        (backup.with_name(backup.name + "-wal"), 0.0, True),  # log copied, file not yet
        (backup, 0.0, False),  # backup complete
        (work, 0.0, True),  # new file created (SQLite may still be writing its journal)
        (work, 0.15, False),  # new file being filled
        (work, 0.4, True),
        (work, 0.8, False),
        (work, 1.6, True),  # about done, or done
    ]
    points = [(ready, then) for ready, then, default in points if default or EVERY_POINT]
    states = []
    for ready, then in points:
        for leftover in path.parent.iterdir():  # back to the Go home
            if leftover.name.startswith((path.name, f".{path.name}")):
                leftover.unlink()
        for original in pristine.iterdir():
            (path.parent / original.name).write_bytes(original.read_bytes())

        _kill_when(command, project, env, ready, then)

        go_file = is_go(path, KEY)
        work = path.with_name(f".{path.name}.go-migration")
        phase = "backup taken, " if backup_of(path).exists() else ""
        phase += "new file being built" if work.exists() else ""
        states.append(
            f"go file ({phase.rstrip(', ') or 'no backup yet'})" if go_file else "migrated"
        )
        if not go_file:  # then it is the finished migration, openable by this capy
            done = run(capy, project, {**env, "CAPY_DEBUG": ""})
            assert "migrated" not in done.stderr
        done = run(capy, project, env)  # the normal start after the kill
        assert done.returncode == 0, (ready, then, done.stderr)
        assert len(json.loads(done.stdout)) == count, (ready, then)
        assert is_go(backup_of(path), KEY)
    print(f"{which}: states after kill -9 at {len(points)} points: {states}")
