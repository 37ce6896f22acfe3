"""Database keys: CAPY_DB_KEY wins, else one private key file per database, created once."""

from __future__ import annotations

import os
import stat
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from adapters.key_file_key_provider import KeyFileKeyProvider
from domain.errors import InvalidInput, KeyUnavailable


@pytest.fixture
def keys_dir(tmp_path: Path) -> Path:
    return tmp_path / "config" / "capy" / "keys"


def mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


def test_first_use_creates_a_private_key_file_once(tmp_path: Path, keys_dir: Path) -> None:
    provider = KeyFileKeyProvider({}, keys_dir)
    db = tmp_path / "knowledge.db"
    key_file = provider.key_file(db)
    assert provider.describe(db) == f"will be generated at {key_file} on first use"
    assert not keys_dir.exists()

    first = provider.key_for(db)
    assert len(first.secret) >= 43
    assert first.origin == f"key file {key_file}"
    assert mode(key_file) == 0o600
    assert mode(keys_dir) == 0o700
    assert key_file.read_text() == first.secret + "\n"
    assert provider.describe(db) == f"key file {key_file}"
    assert first.secret not in repr(first)

    again = KeyFileKeyProvider({}, keys_dir).key_for(db)
    assert again == first
    assert [p.name for p in keys_dir.iterdir()] == [key_file.name]


def test_each_database_gets_its_own_key(tmp_path: Path, keys_dir: Path) -> None:
    provider = KeyFileKeyProvider({}, keys_dir)
    one = provider.key_for(tmp_path / "one.db")
    two = provider.key_for(tmp_path / "two.db")
    assert one.secret != two.secret
    assert provider.key_for(tmp_path / "x" / ".." / "one.db") == one


def test_the_environment_variable_wins_and_nothing_is_written(
    tmp_path: Path, keys_dir: Path
) -> None:
    provider = KeyFileKeyProvider({"CAPY_DB_KEY": "from-the-env"}, keys_dir)
    key = provider.key_for(tmp_path / "k.db")
    assert key.secret == "from-the-env"
    assert key.origin == "environment variable CAPY_DB_KEY"
    assert provider.describe(tmp_path / "k.db") == "environment variable CAPY_DB_KEY"
    assert not keys_dir.exists()


def test_an_empty_environment_variable_is_refused(tmp_path: Path, keys_dir: Path) -> None:
    with pytest.raises(KeyUnavailable, match="empty") as caught:
        KeyFileKeyProvider({"CAPY_DB_KEY": ""}, keys_dir).key_for(tmp_path / "k.db")
    assert "unset it" in caught.value.hint


@pytest.mark.parametrize("loose", [0o640, 0o604, 0o644])
def test_a_key_file_others_can_read_is_refused(tmp_path: Path, keys_dir: Path, loose: int) -> None:
    provider = KeyFileKeyProvider({}, keys_dir)
    db = tmp_path / "k.db"
    provider.key_for(db)
    key_file = provider.key_file(db)
    key_file.chmod(loose)
    with pytest.raises(KeyUnavailable) as caught:
        provider.key_for(db)
    assert str(key_file) in caught.value.message
    assert caught.value.hint == f"run: chmod 600 {key_file}"
    assert "Traceback" not in str(caught.value)


def test_an_empty_key_file_is_refused_not_regenerated(tmp_path: Path, keys_dir: Path) -> None:
    provider = KeyFileKeyProvider({}, keys_dir)
    db = tmp_path / "k.db"
    provider.key_for(db)
    provider.key_file(db).write_text("")
    with pytest.raises(KeyUnavailable, match="empty"):
        provider.key_for(db)
    assert provider.key_file(db).read_text() == ""


def test_a_symlinked_key_file_is_refused(tmp_path: Path, keys_dir: Path) -> None:
    provider = KeyFileKeyProvider({}, keys_dir)
    db = tmp_path / "k.db"
    keys_dir.mkdir(parents=True)
    target = tmp_path / "elsewhere.key"
    target.write_text("planted\n")
    target.chmod(0o600)
    provider.key_file(db).symlink_to(target)
    with pytest.raises(KeyUnavailable, match="cannot read"):
        provider.key_for(db)


def test_replace_key_swaps_the_file_atomically(tmp_path: Path, keys_dir: Path) -> None:
    provider = KeyFileKeyProvider({}, keys_dir)
    db = tmp_path / "k.db"
    old = provider.key_for(db)
    new = provider.replace_key(db, "a-brand-new-key")
    assert new.secret == "a-brand-new-key" != old.secret
    assert provider.key_for(db) == new
    assert mode(provider.key_file(db)) == 0o600
    assert [p.name for p in keys_dir.iterdir()] == [provider.key_file(db).name]


def test_replace_key_is_refused_while_the_environment_variable_is_set(
    tmp_path: Path, keys_dir: Path
) -> None:
    provider = KeyFileKeyProvider({"CAPY_DB_KEY": "env"}, keys_dir)
    with pytest.raises(KeyUnavailable, match="CAPY_DB_KEY is set") as caught:
        provider.replace_key(tmp_path / "k.db", "new")
    assert "set CAPY_DB_KEY to the new key" in caught.value.hint


@pytest.mark.parametrize("bad", ["", "   ", "two\nlines"])
def test_replace_key_refuses_unusable_keys(tmp_path: Path, keys_dir: Path, bad: str) -> None:
    with pytest.raises(InvalidInput):
        KeyFileKeyProvider({}, keys_dir).replace_key(tmp_path / "k.db", bad)


def test_racing_threads_end_with_one_key(tmp_path: Path, keys_dir: Path) -> None:
    db = tmp_path / "k.db"
    barrier = threading.Barrier(8)
    secrets: list[str] = []

    def first_use() -> None:
        barrier.wait()
        secrets.append(KeyFileKeyProvider({}, keys_dir).key_for(db).secret)

    threads = [threading.Thread(target=first_use) for _ in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(secrets) == 8
    assert len(set(secrets)) == 1
    assert len(list(keys_dir.iterdir())) == 1


RACER = """
import hashlib, sys, time
from pathlib import Path
from adapters.key_file_key_provider import KeyFileKeyProvider
go = Path(sys.argv[2])
while not go.exists():
    time.sleep(0.001)
secret = KeyFileKeyProvider({}, Path(sys.argv[1])).key_for(Path(sys.argv[3])).secret
print(hashlib.sha256(secret.encode()).hexdigest())
"""


def test_racing_processes_end_with_one_key(tmp_path: Path, keys_dir: Path) -> None:
    go = tmp_path / "go"
    db = tmp_path / "k.db"
    racers = [
        subprocess.Popen(
            [sys.executable, "-c", RACER, str(keys_dir), str(go), str(db)],
            stdout=subprocess.PIPE,
            text=True,
            env={**os.environ},
        )
        for _ in range(6)
    ]
    time.sleep(0.3)  # let every racer reach the starting line; correctness does not depend on it
    go.write_text("")
    digests = {racer.communicate(timeout=60)[0].strip() for racer in racers}
    assert all(racer.returncode == 0 for racer in racers)
    assert len(digests) == 1
    assert len(list(keys_dir.iterdir())) == 1


@pytest.mark.skipif(os.geteuid() == 0, reason="root can write anywhere")
def test_an_unwritable_keys_directory_is_a_clear_error(tmp_path: Path, keys_dir: Path) -> None:
    keys_dir.mkdir(parents=True)
    keys_dir.chmod(0o500)
    try:
        with pytest.raises(KeyUnavailable, match="cannot write the key file") as caught:
            KeyFileKeyProvider({}, keys_dir).key_for(tmp_path / "k.db")
        assert "CAPY_DB_KEY" in caught.value.hint
    finally:
        keys_dir.chmod(0o700)


def test_a_keys_path_that_is_a_file_is_a_clear_error(tmp_path: Path, keys_dir: Path) -> None:
    keys_dir.parent.mkdir(parents=True)
    keys_dir.write_text("not a directory")
    with pytest.raises(KeyUnavailable, match=r"cannot (read|write) the key file"):
        KeyFileKeyProvider({}, keys_dir).key_for(tmp_path / "k.db")


def test_no_key_file_is_made_for_a_database_encrypted_under_another_key(
    tmp_path: Path, keys_dir: Path
) -> None:
    db = tmp_path / "knowledge.db"
    db.write_bytes(os.urandom(8192))  # what a database encrypted under CAPY_DB_KEY looks like
    provider = KeyFileKeyProvider({}, keys_dir)
    with pytest.raises(KeyUnavailable) as raised:
        provider.key_for(db)
    assert "no key for the existing knowledge database" in raised.value.message
    assert "CAPY_DB_KEY" in raised.value.hint
    assert not provider.key_file(db).exists()
    assert provider.describe(db).startswith("missing: the database is encrypted under a key")


def test_a_key_is_still_made_for_a_plaintext_file(tmp_path: Path, keys_dir: Path) -> None:
    db = tmp_path / "knowledge.db"
    db.write_bytes(b"SQLite format 3\x00" + bytes(4080))  # `capy encrypt` needs the key
    provider = KeyFileKeyProvider({}, keys_dir)
    assert provider.key_for(db).secret
    assert provider.key_file(db).exists()


@pytest.mark.parametrize("plant", ["folder", "fifo"])
def test_a_key_file_that_is_a_folder_or_a_fifo_is_named_not_a_bug(
    tmp_path: Path, keys_dir: Path, plant: str
) -> None:
    provider = KeyFileKeyProvider({}, keys_dir)
    db = tmp_path / "k.db"
    path = provider.key_file(db)
    keys_dir.mkdir(parents=True, exist_ok=True)
    if plant == "folder":
        path.mkdir()
    else:
        os.mkfifo(path, 0o600)
    with pytest.raises(KeyUnavailable) as refused:
        provider.key_for(db)  # a FIFO would block here without O_NONBLOCK
    assert str(path) in str(refused.value) and "mv " in refused.value.hint


@pytest.mark.parametrize("content", [b"", b"not a db\n"], ids=["empty", "text"])
def test_no_key_is_kept_for_a_file_capy_will_refuse(
    tmp_path: Path, keys_dir: Path, content: bytes
) -> None:
    db = tmp_path / "notes.txt"
    db.write_bytes(content)  # the user's file: the store refuses it and leaves it alone
    provider = KeyFileKeyProvider({}, keys_dir)
    assert provider.key_for(db).secret
    assert not provider.key_file(db).exists()


def test_a_reading_command_creates_no_key(tmp_path: Path, keys_dir: Path) -> None:
    provider = KeyFileKeyProvider({}, keys_dir, create=False)
    assert provider.key_for(tmp_path / "knowledge.db").secret
    assert not keys_dir.exists() or not list(keys_dir.iterdir())
