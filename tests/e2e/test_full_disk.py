"""A vault and a knowledge base on a disk that fills up, on a real small file system (a 2 MiB
tmpfs).

``capy vault import`` stops with the disk full and says so; what was archived before stays;
``vault list``, ``show``, ``search`` and ``stats`` keep working on the full disk, also when the
log's index (``-shm``) has to be rebuilt and there is no byte to build it in; they write nothing
to the vault or its log. Once space is freed the same command finishes the import, and every
session opens with the key capy holds. The knowledge base likewise: ``capy index`` stops with
the disk full, ``search``, ``sources`` and ``stats`` keep answering and write nothing into it,
and the same document indexes once space is freed.

Mounting needs root: where the tests do not run as root (or the kernel refuses the mount),
the test is skipped and says why.
"""

from __future__ import annotations

import hashlib
import json
import os
import random
import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.e2e.installed import installed_capy

FIRST = [f"1a2b3c4d-0000-4000-8000-00000000000{n}" for n in range(2)]
LATER = [f"5e6f7a8b-0000-4000-8000-00000000000{n}" for n in range(3)]


@pytest.fixture
def small_disk(tmp_path: Path) -> Iterator[Path]:
    if os.geteuid() != 0:
        pytest.skip(f"mounting a small file system needs root; the tests run as uid {os.getuid()}")
    mount = tmp_path / "small-disk"
    mount.mkdir()
    if shutil.which("mount") is None:
        pytest.skip("this machine has no mount command to make a small file system with")
    done = subprocess.run(
        ["mount", "-t", "tmpfs", "-o", "size=2m,mode=0700", "tmpfs", str(mount)],
        capture_output=True,
        text=True,
        check=False,
    )
    if done.returncode != 0:
        pytest.skip(f"this machine cannot mount a small tmpfs here: {done.stderr.strip()}")
    try:
        yield mount
    finally:
        subprocess.run(["umount", "-l", str(mount)], capture_output=True, check=False)


def _session(projects: Path, uuid: str, lines: int) -> None:
    """A transcript of incompressible questions (the archive cannot shrink it much)."""
    chance = random.Random(uuid)
    folder = projects / "-work-app"
    folder.mkdir(parents=True, exist_ok=True)
    records = []
    for n in range(lines):
        words = " ".join(f"{chance.getrandbits(64):016x}" for _ in range(24))
        records.append(
            json.dumps(
                {
                    "type": "user",
                    "uuid": f"{uuid[:-4]}{n:04d}",
                    "sessionId": uuid,
                    "cwd": "/work/app",
                    "timestamp": "2026-01-01T00:00:00Z",
                    "message": {"role": "user", "content": f"question {n} about {words}"},
                }
            )
        )
    (folder / f"{uuid}.jsonl").write_text("\n".join(records) + "\n")


def _fill(disk: Path) -> Path:
    """Fill ``disk`` to the last byte; the file that holds the space."""
    filler = disk / "filler"
    try:
        with filler.open("wb") as stuffing:
            while True:
                stuffing.write(b"\0" * 4096)
                stuffing.flush()
    except OSError:
        pass
    return filler


def _digest(paths: list[Path]) -> dict[str, str]:
    return {p.name: hashlib.sha256(p.read_bytes()).hexdigest() for p in paths if p.exists()}


def test_reads_keep_working_on_a_full_disk_and_the_import_finishes_once_space_is_freed(
    small_disk: Path, isolated_home: Path, tmp_path: Path
) -> None:
    capy = installed_capy()
    projects = tmp_path / "claude" / "projects"
    vault = small_disk / "vault.db"
    env = {**os.environ, "CAPY_VAULT_PATH": str(vault)}
    env.pop("CAPY_DEBUG", None)

    def run(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [capy, "vault", *args],
            cwd=tmp_path,
            env=env,
            capture_output=True,
            text=True,
            timeout=300,
            check=False,
        )

    for uuid in FIRST:
        _session(projects, uuid, 20)
    first = run("import", "--path", str(projects))
    assert first.returncode == 0, first.stderr
    keys = sorted((isolated_home / ".config" / "capy" / "keys").iterdir())
    key_bytes = [k.read_bytes() for k in keys]

    for uuid in LATER:
        _session(projects, uuid, 300)
    full = run("import", "--path", str(projects))
    assert full.returncode != 0
    assert "disk is full" in full.stderr and "free some space" in full.stderr, full.stderr
    assert "bug in capy" not in full.stderr

    # The disk to the last byte, and the log's index gone: a reader cannot build it on disk.
    vault.with_name("vault.db-shm").unlink(missing_ok=True)
    filler = _fill(small_disk)
    files = [vault, vault.with_name("vault.db-wal")]
    before = _digest(files)

    listed = run("list", "--json", "--limit", "0")
    assert listed.returncode == 0, listed.stderr
    archived = {s["uuid"] for s in json.loads(listed.stdout)}
    assert set(FIRST) <= archived
    shown = run("show", FIRST[0])
    assert shown.returncode == 0 and "question 0 about" in shown.stdout, shown.stderr
    found = run("search", "question", "--json")
    assert found.returncode == 0 and json.loads(found.stdout), found.stderr
    stats = run("stats")
    assert stats.returncode == 0, stats.stderr
    assert _digest(files) == before, "a read-only command wrote to the vault or its log"

    filler.unlink(missing_ok=True)
    subprocess.run(["mount", "-o", "remount,size=32m", str(small_disk)], check=True)
    finished = run("import", "--path", str(projects))
    assert finished.returncode == 0, finished.stderr
    listed = run("list", "--json", "--limit", "0")
    assert listed.returncode == 0, listed.stderr
    assert {s["uuid"] for s in json.loads(listed.stdout)} == set(FIRST + LATER)
    shown = run("show", LATER[-1])
    assert shown.returncode == 0 and "question 299 about" in shown.stdout, shown.stderr
    assert [k.read_bytes() for k in keys] == key_bytes, "the key capy holds did not change"
    check = run("checkpoint")
    assert check.returncode == 0, check.stderr


def test_the_knowledge_base_keeps_answering_on_a_full_disk(
    small_disk: Path, isolated_home: Path, tmp_path: Path
) -> None:
    capy = installed_capy()
    db = small_disk / "knowledge.db"
    config = isolated_home / ".config" / "capy" / "config.toml"
    config.parent.mkdir(parents=True, exist_ok=True)
    config.write_text(f'[store]\npath = "{db}"\n')
    env = {**os.environ}
    env.pop("CAPY_DEBUG", None)

    def run(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [capy, *args],
            cwd=tmp_path,
            env=env,
            input=stdin,
            capture_output=True,
            text=True,
            timeout=300,
            check=False,
        )

    guide = "# Deploy\n\nThe migration lock times out after 90 seconds.\n"
    first = run("index", "-", "--label", "deploy-guide", stdin=guide)
    assert first.returncode == 0, first.stderr
    chance = random.Random(4)
    dumps = [
        "\n".join(
            " ".join(f"{chance.getrandbits(64):016x}" for _ in range(12)) for _ in range(2_500)
        )
        for _ in range(8)
    ]  # ~500 KB of incompressible text each: the 2 MiB disk fills within a few
    for number, dump in enumerate(dumps):
        full = run("index", "-", "--label", f"hex-dump-{number}", stdin=dump)
        if full.returncode != 0:
            break
    assert full.returncode != 0, "the small disk never filled up"
    assert "full" in full.stderr and "bug in capy" not in full.stderr, full.stderr

    db.with_name("knowledge.db-shm").unlink(missing_ok=True)
    filler = _fill(small_disk)
    wal = db.with_name("knowledge.db-wal")
    before = _digest([db, wal])

    found = run("search", "migration lock timeout")
    assert found.returncode == 0 and "90 seconds" in found.stdout, found.stdout + found.stderr
    listed = run("sources")
    assert listed.returncode == 0 and "deploy-guide" in listed.stdout, listed.stderr
    stats = run("stats")
    assert stats.returncode == 0, stats.stderr
    # SQLite may create an empty log beside a database in WAL mode when it opens it; nothing
    # may be written into the database or into a log that holds frames.
    after = _digest([db, wal])
    if wal.name not in before and wal.exists():
        assert wal.stat().st_size == 0
        del after[wal.name]
    assert after == before, "a read-only command wrote to the knowledge base or its log"

    filler.unlink(missing_ok=True)
    subprocess.run(["mount", "-o", "remount,size=32m", str(small_disk)], check=True)
    again = run("index", "-", "--label", f"hex-dump-{number}", stdin=dumps[number])
    assert again.returncode == 0, again.stderr
    assert f"hex-dump-{number}" in run("sources").stdout
