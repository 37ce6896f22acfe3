"""``capy checkpoint``, ``capy dbsize`` and ``capy encrypt`` run as a user runs them."""

from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from tests.integration.store.helpers import document, open_store


def capy(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "entrypoints.main", *args],
        check=False,
        capture_output=True,
        text=True,
        env={**os.environ, **(env or {})},
        timeout=60,
    )


@pytest.mark.parametrize("command", ["checkpoint", "dbsize", "encrypt"])
def test_help(command: str) -> None:
    done = capy(command, "--help")
    assert done.returncode == 0
    assert "Usage" in done.stdout


@pytest.mark.parametrize("command", ["checkpoint", "dbsize", "encrypt"])
def test_no_database_yet(tmp_path: Path, command: str) -> None:
    db = tmp_path / "knowledge.db"
    done = capy("--db", str(db), command)
    assert done.returncode == 0, done.stderr
    assert str(db) in done.stdout and "no knowledge database" in done.stdout
    assert not db.exists()


def test_encrypt_then_use_then_rotate(tmp_path: Path) -> None:
    db = tmp_path / "knowledge.db"
    plain = sqlite3.connect(db)
    plain.execute("CREATE TABLE notes (body TEXT)")
    plain.execute("INSERT INTO notes VALUES ('readable before')")
    plain.commit()
    plain.close()

    refused = capy("--db", str(db), "checkpoint")
    assert refused.returncode == 1
    assert refused.stderr.count("\n") == 1 and "capy encrypt" in refused.stderr

    encrypted = capy("--db", str(db), "encrypt")
    assert encrypted.returncode == 0, encrypted.stderr
    assert b"readable before" not in db.read_bytes()

    flushed = capy("--db", str(db), "checkpoint")
    assert flushed.returncode == 0, flushed.stderr
    assert "safe to commit" in flushed.stdout

    rotated = capy("--db", str(db), "encrypt", "--rotate")
    assert rotated.returncode == 0, rotated.stderr
    # the backup is readable with the old key, the one a rotation is meant to retire; the
    # unencrypted original `capy encrypt` kept as .bak is never replaced, so it has a stamp
    assert f"{db}.bak." in rotated.stdout
    assert "is the previous file, still encrypted under the old key" in rotated.stdout
    assert f"capy --db {db}.bak." in rotated.stdout
    assert "delete it" in rotated.stdout
    assert capy("--db", str(db), "dbsize").returncode == 0


def test_rotation_refused_while_the_key_comes_from_the_environment(tmp_path: Path) -> None:
    db = tmp_path / "knowledge.db"
    open_store(db, key="from-env").close()
    before = db.read_bytes()

    done = capy("--db", str(db), "encrypt", "--rotate", env={"CAPY_DB_KEY": "from-env"})

    assert done.returncode == 1
    assert "CAPY_DB_NEW_KEY" in done.stderr and done.stderr.count("\n") == 1
    assert db.read_bytes() == before

    moved = capy(
        "--db",
        str(db),
        "encrypt",
        "--rotate",
        env={"CAPY_DB_KEY": "from-env", "CAPY_DB_NEW_KEY": "next"},
    )
    assert moved.returncode == 0, moved.stderr
    open_store(db, key="next").close()


def test_dbsize_lists_largest_sources(tmp_path: Path) -> None:
    db = tmp_path / "knowledge.db"
    store = open_store(db, key="k")
    store.index(document("docs:big-one", "word " * 2000))
    store.close()

    done = capy("--db", str(db), "dbsize", env={"CAPY_DB_KEY": "k"})

    assert done.returncode == 0, done.stderr
    assert "docs:big-one" in done.stdout
    assert "Largest sources" in done.stdout
