"""The derived key kept beside a key file (ADR 0104), with real SQLCipher files.

Whether an open derived the key is observed by counting calls to ``key_material.derive``, the
one place capy runs PBKDF2.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from datetime import UTC, datetime
from pathlib import Path

import pytest

from adapters.key_file_key_provider import ENV_VAR, KeyFileKeyProvider, new_key, new_key_variable
from adapters.sqlcipher import key_material, key_memo
from adapters.sqlcipher.key_material import KeyMaterial
from adapters.sqlcipher.opener import open_database
from adapters.sqlcipher.profile import KNOWLEDGE
from adapters.sqlcipher.sqlcipher_database_encryptor import SqlcipherDatabaseEncryptor
from application.use_cases.rotate_key import RotateKey
from domain.errors import WrongKey

REPO = Path(__file__).resolve().parents[3]


@pytest.fixture
def derivations(monkeypatch: pytest.MonkeyPatch) -> list[bytes]:
    calls: list[bytes] = []
    original = key_material.derive

    def counting(passphrase: str, salt: bytes) -> KeyMaterial:
        calls.append(salt)
        return original(passphrase, salt)

    monkeypatch.setattr(key_material, "derive", counting)
    return calls


def _open(
    db: Path, keys: Path, *, env: dict[str, str] | None = None, read_only: bool = False
) -> int:
    provider = KeyFileKeyProvider(env or {}, keys, create=not read_only)
    secret = provider.key_for(db).secret
    opened = open_database(
        db, secret, lambda: datetime.now(UTC), lambda _: None, KNOWLEDGE, read_only=read_only
    )
    try:
        if not read_only:
            opened.connection.execute("CREATE TABLE IF NOT EXISTS marker (n INTEGER)")
        return int(opened.connection.execute("SELECT count(*) FROM sqlite_master").fetchone()[0])
    finally:
        opened.connection.close()


def _memo(keys: Path) -> Path:
    [memo] = keys.glob("*.key" + key_memo.MEMO_SUFFIX)
    return memo


def test_a_writing_open_keeps_the_memo_and_the_next_open_skips_the_derivation(
    tmp_path: Path, derivations: list[bytes]
) -> None:
    db, keys = tmp_path / "kb.db", tmp_path / "keys"
    _open(db, keys)
    memo = _memo(keys)
    assert memo.stat().st_mode & 0o777 == 0o600
    derivations.clear()
    _open(db, keys)
    _open(db, keys, read_only=True)
    assert derivations == []


def test_a_read_only_open_reads_the_memo_but_never_writes_one(
    tmp_path: Path, derivations: list[bytes]
) -> None:
    db, keys = tmp_path / "kb.db", tmp_path / "keys"
    _open(db, keys)
    _memo(keys).unlink()
    derivations.clear()
    _open(db, keys, read_only=True)
    assert len(derivations) == 1
    assert not list(keys.glob("*" + key_memo.MEMO_SUFFIX))
    assert not list(keys.glob(".*"))


def test_a_key_from_the_environment_never_reaches_disk(tmp_path: Path) -> None:
    db, keys = tmp_path / "kb.db", tmp_path / "keys"
    env = {ENV_VAR: "a key the person holds"}
    _open(db, keys, env=env)
    _open(db, keys, env=env)
    assert not keys.exists() or not list(keys.iterdir())


def test_another_passphrase_misses_and_is_reported_as_the_wrong_key(
    tmp_path: Path, derivations: list[bytes]
) -> None:
    db, keys = tmp_path / "kb.db", tmp_path / "keys"
    _open(db, keys)
    key_file = next(keys.glob("*.key"))
    key_file.write_text("another key\n")
    derivations.clear()
    with pytest.raises(WrongKey):
        _open(db, keys)
    assert len(derivations) == 1


def test_another_salt_misses_and_the_memo_follows_the_file(
    tmp_path: Path, derivations: list[bytes]
) -> None:
    db, keys = tmp_path / "kb.db", tmp_path / "keys"
    _open(db, keys)
    before = _memo(keys).read_bytes()
    for path in tmp_path.glob("kb.db*"):
        path.unlink()  # a new database under the same key gets a new salt
    _open(db, keys)
    derivations.clear()
    _open(db, keys)
    assert derivations == []
    assert _memo(keys).read_bytes() != before


@pytest.mark.parametrize(
    "damage",
    [
        lambda data: data[:-7],  # torn
        lambda data: data[:40] + bytes([data[40] ^ 1]) + data[41:],  # a bit flipped in the key
        lambda data: data[:-1] + bytes([data[-1] ^ 1]),  # in the tag
        lambda data: b"",
        lambda data: data + b"x",
    ],
    ids=["torn", "key-bit", "tag-bit", "empty", "too-long"],
)
def test_a_corrupt_memo_is_ignored_and_rewritten(
    tmp_path: Path, derivations: list[bytes], damage: object
) -> None:
    db, keys = tmp_path / "kb.db", tmp_path / "keys"
    _open(db, keys)
    memo = _memo(keys)
    good = memo.read_bytes()
    memo.write_bytes(damage(good))  # type: ignore[operator]
    derivations.clear()
    _open(db, keys)
    assert len(derivations) == 1
    assert memo.read_bytes() == good


def test_a_memo_whose_key_does_not_open_the_file_is_never_used(
    tmp_path: Path, derivations: list[bytes]
) -> None:
    """An entry whole and bound to the passphrase but holding a key that is not this file's
    (however it got there) fails page 1's authentication: the key is derived, and a log beside
    the database is not taken for a foreign one."""
    db, keys = tmp_path / "kb.db", tmp_path / "keys"
    _open(db, keys)
    secret = KeyFileKeyProvider({}, keys).key_for(db).secret
    salt = db.read_bytes()[:16]
    forged = KeyMaterial(key=os.urandom(32), salt=salt)
    memo = _memo(keys)
    memo.write_bytes(key_memo._entry(secret, forged))
    assert key_memo._read_entry(memo, secret, salt) == forged.key
    derivations.clear()
    opened = open_database(db, secret, lambda: datetime.now(UTC), lambda _: None, KNOWLEDGE)
    opened.connection.execute("INSERT INTO marker VALUES (1)")  # leaves a -wal while open
    again = open_database(db, secret, lambda: datetime.now(UTC), lambda _: None, KNOWLEDGE)
    assert again.connection.execute("SELECT count(*) FROM marker").fetchone()[0] == 1
    again.connection.close()
    opened.connection.close()
    assert len(derivations) == 1
    assert not list(tmp_path.glob("kb.db*foreign*"))
    assert not list(tmp_path.glob("kb.db.damaged*"))


def test_after_a_key_rotation_the_database_opens_and_the_old_memo_is_gone(
    tmp_path: Path, derivations: list[bytes]
) -> None:
    db, keys = tmp_path / "kb.db", tmp_path / "keys"
    _open(db, keys)
    old = _memo(keys).read_bytes()
    provider = KeyFileKeyProvider({}, keys)
    RotateKey(
        SqlcipherDatabaseEncryptor(KNOWLEDGE),
        provider,
        env={},
        env_var=ENV_VAR,
        new_env_var=new_key_variable(ENV_VAR),
        new_secret=new_key,
    ).execute(db, remove_backup=True)
    assert not list(keys.glob("*" + key_memo.MEMO_SUFFIX))
    _open(db, keys)
    assert _memo(keys).read_bytes() != old
    derivations.clear()
    _open(db, keys)
    assert derivations == []


def test_forgetting_a_key_removes_its_memo(tmp_path: Path) -> None:
    db, keys = tmp_path / "kb.db", tmp_path / "keys"
    _open(db, keys)
    KeyFileKeyProvider({}, keys).forget_key(db)
    assert not list(keys.iterdir())


_WRITER = """
import sys
from pathlib import Path
from adapters.sqlcipher import key_memo
path, data = Path(sys.argv[1]), bytes.fromhex(sys.argv[2])
print("ready", flush=True)
while True:
    key_memo._publish(path, data)
"""


@pytest.mark.parametrize("delay", [0.0, 0.01, 0.05])
def test_a_writer_killed_mid_write_leaves_no_usable_torn_entry(
    tmp_path: Path, derivations: list[bytes], delay: float
) -> None:
    db, keys = tmp_path / "kb.db", tmp_path / "keys"
    _open(db, keys)
    memo = _memo(keys)
    good = memo.read_bytes()
    memo.unlink()
    child = subprocess.Popen(
        [sys.executable, "-c", _WRITER, str(memo), good.hex()],
        cwd=REPO,
        env={**os.environ, "PYTHONPATH": str(REPO)},
        stdout=subprocess.PIPE,
        text=True,
    )
    assert child.stdout is not None
    assert child.stdout.readline().strip() == "ready"
    time.sleep(delay)
    child.send_signal(signal.SIGKILL)
    child.wait()
    child.stdout.close()
    derivations.clear()
    _open(db, keys)  # whatever the kill left: the memo whole, absent, or a temporary file
    assert len(derivations) <= 1
    assert memo.read_bytes() == good
    # A temporary file a kill left behind is as private as the key file beside it.
    assert all(p.stat().st_mode & 0o777 == 0o600 for p in keys.iterdir())
