"""A write-ahead log from another capy database under the same key is set aside before any
connection could fold it in, even when page 1 of the file still reads well (ADR 0067)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from datetime import UTC, datetime
from pathlib import Path

import pytest

from adapters.sqlcipher.key_material import for_file
from adapters.sqlcipher.log_frames import foreign_frames
from adapters.sqlcipher.opener import open_database
from adapters.sqlcipher.profile import KNOWLEDGE, DatabaseProfile
from adapters.sqlcipher.vault.profile import VAULT

KEY = "one key for both"
ROWS = 300
PROFILES = {"knowledge": KNOWLEDGE, "vault": VAULT}


def _open(path: Path, profile: DatabaseProfile, warnings: list[str] | None = None):  # type: ignore[no-untyped-def]
    sink = warnings if warnings is not None else []
    return open_database(path, KEY, lambda: datetime.now(UTC), sink.append, profile).connection


def _filled(path: Path, profile: DatabaseProfile, tag: str) -> None:
    connection = _open(path, profile)
    connection.execute("CREATE TABLE marker (n INTEGER PRIMARY KEY, body TEXT)")
    connection.executemany(
        "INSERT INTO marker VALUES (?, ?)", [(n, f"{tag} {n} " + "x" * 300) for n in range(ROWS)]
    )
    connection.close()


def _log_of_updates(path: Path, profile: DatabaseProfile) -> bytes:
    """A log holding committed updates in place (the file does not grow, page 1 untouched),
    left by a process that died before any checkpoint."""
    material = for_file(KEY, path)
    code = (
        "import os, sqlcipher3\n"
        f"c = sqlcipher3.connect({str(path)!r}, isolation_level=None)\n"
        f"c.execute({material.pragma!r})\n"
        "c.execute('PRAGMA journal_mode = WAL')\n"
        "c.execute('PRAGMA wal_autocheckpoint = 0')\n"
        "c.execute(\"UPDATE marker SET body = replace(body, 'x', 'y') WHERE n % 7 = 0\")\n"
        "os._exit(0)\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True)
    log = path.with_name(path.name + "-wal")
    assert log.stat().st_size > 0
    return log.read_bytes()


@pytest.mark.parametrize("kind", sorted(PROFILES))
def test_a_log_from_another_database_under_the_same_key_is_set_aside(
    kind: str, tmp_path: Path
) -> None:
    profile = PROFILES[kind]
    mine, other = tmp_path / "mine.db", tmp_path / "other" / "mine.db"
    other.parent.mkdir()
    _filled(mine, profile, "mine")
    _filled(other, profile, "other")
    foreign = _log_of_updates(other, profile)
    (tmp_path / "mine.db-wal").write_bytes(foreign)
    assert foreign_frames(tmp_path / "mine.db-wal", for_file(KEY, mine)) > 0

    warnings: list[str] = []
    connection = _open(mine, profile, warnings)
    try:
        assert connection.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        rows = connection.execute("SELECT count(*) FROM marker WHERE body LIKE 'mine %'")
        assert rows.fetchone()[0] == ROWS
    finally:
        connection.close()
    (kept,) = tmp_path.glob("mine.db-wal.foreign.*")
    assert kept.read_bytes() == foreign
    assert any(str(kept) in w for w in warnings), warnings


@pytest.mark.parametrize("kind", sorted(PROFILES))
def test_its_own_log_is_folded_in_as_always(kind: str, tmp_path: Path) -> None:
    profile = PROFILES[kind]
    mine = tmp_path / "mine.db"
    _filled(mine, profile, "mine")
    _log_of_updates(mine, profile)
    assert foreign_frames(tmp_path / "mine.db-wal", for_file(KEY, mine)) == 0
    warnings: list[str] = []
    connection = _open(mine, profile, warnings)
    try:
        changed = connection.execute("SELECT count(*) FROM marker WHERE body LIKE '%y%'")
        assert changed.fetchone()[0] == len(range(0, ROWS, 7))
    finally:
        connection.close()
    assert warnings == []
    assert not list(tmp_path.glob("*.foreign.*"))


def test_a_log_that_is_a_fifo_is_set_aside_without_blocking(tmp_path: Path) -> None:
    mine = tmp_path / "mine.db"
    _filled(mine, KNOWLEDGE, "mine")
    os.mkfifo(tmp_path / "mine.db-wal")
    warnings: list[str] = []
    _open(mine, KNOWLEDGE, warnings).close()
    assert list(tmp_path.glob("mine.db-wal.foreign.*"))


def test_a_torn_or_truncated_log_is_not_called_foreign(tmp_path: Path) -> None:
    mine = tmp_path / "mine.db"
    _filled(mine, KNOWLEDGE, "mine")
    log = _log_of_updates(mine, KNOWLEDGE)
    path = tmp_path / "mine.db-wal"
    path.write_bytes(log[: len(log) // 2 + 100])  # SQLite stops at the torn frame
    assert foreign_frames(path, for_file(KEY, mine)) == 0
    shutil.copy(path, tmp_path / "keep")
    _open(mine, KNOWLEDGE).close()


def test_a_rotation_refuses_to_fold_a_foreign_log_and_changes_nothing(tmp_path: Path) -> None:
    from adapters.sqlcipher.sqlcipher_database_encryptor import SqlcipherDatabaseEncryptor
    from domain.errors import StoreError

    mine, other = tmp_path / "mine.db", tmp_path / "other" / "mine.db"
    other.parent.mkdir()
    _filled(mine, VAULT, "mine")
    _filled(other, VAULT, "other")
    (tmp_path / "mine.db-wal").write_bytes(_log_of_updates(other, VAULT))
    before = mine.read_bytes()
    with pytest.raises(StoreError) as refused:
        SqlcipherDatabaseEncryptor(VAULT).rekey(mine, KEY, "new", lambda: None, lambda _: None)
    assert "mv " in refused.value.hint and "does not belong" in str(refused.value)
    assert mine.read_bytes() == before
