"""The derived SQLCipher key of a database whose key capy keeps in a key file, kept beside it.

Deriving the page key from a passphrase (PBKDF2, 256 000 rounds) costs ~130 ms of every capy
process that opens a database — most of a short command. The result is a pure function of the
passphrase and the file's salt, so capy keeps it in a memo beside the key file it was derived
from (same private directory, mode 0600) and a later process skips the derivation (ADR 0104).

A memo entry is trusted only when all of these hold, otherwise the key is derived as before:

- it is whole: magic, salt, key and a tag of the right sizes;
- its tag, an HMAC-SHA256 keyed with the derived key over the salt and the passphrase, matches
  the passphrase in hand (a memo of another key or a torn write fails here);
- its salt is the one at the start of the file;
- page 1 of the file authenticates under it, as SQLCipher itself checks every page (a key that
  does not open the file is never handed to the opener, which could take it for a foreign
  write-ahead log or a damaged file).

Only ``KeyFileKeyProvider`` registers a memo, and only for a key read from its key file: a key
from ``CAPY_DB_KEY``/``CAPY_VAULT_KEY`` never reaches disk in any form. Only a provider that may
write (not a read-only command) lets the memo be written.
"""

from __future__ import annotations

import contextlib
import hashlib
import hmac
import os
import stat
from pathlib import Path

import attrs

from adapters.sqlcipher.key_material import SALT_BYTES, KeyMaterial
from adapters.sqlcipher.log_frames import first_page_authentic

MEMO_SUFFIX = ".derived"
_MAGIC = b"capy-derived-key-1\n"
_KEY_BYTES = 32
_TAG_BYTES = 32
_SIZE = len(_MAGIC) + SALT_BYTES + _KEY_BYTES + _TAG_BYTES


@attrs.frozen
class KeyMemo:
    """Where the derived key of one key file may be kept, and whether this process may write."""

    path: Path
    writable: bool


# Filled by the key provider as it reads a key file: (database path, passphrase) → its memo.
_registered: dict[tuple[Path, str], KeyMemo] = {}


def register(db_path: Path, passphrase: str, memo: KeyMemo) -> None:
    _registered[(db_path.resolve(), passphrase)] = memo


def memo_for(db_path: Path, passphrase: str) -> KeyMemo | None:
    return _registered.get((db_path.resolve(), passphrase))


def recall(db_path: Path, passphrase: str, salt: bytes) -> KeyMaterial | None:
    """The memoised key for this passphrase and salt, if it is whole, bound to both, and page 1
    of ``db_path`` authenticates under it."""
    memo = memo_for(db_path, passphrase)
    if memo is None or len(salt) != SALT_BYTES:
        return None
    key = _read_entry(memo.path, passphrase, salt)
    if key is None:
        return None
    material = KeyMaterial(key=key, salt=salt)
    return material if first_page_authentic(db_path, material) else None


def keep(db_path: Path, passphrase: str, material: KeyMaterial) -> None:
    """Write the memo after ``material`` opened ``db_path``: only for a registered, writable key
    file, only when it does not already hold this entry. Failing to write costs nothing but the
    next process's derivation, so errors are swallowed."""
    memo = memo_for(db_path, passphrase)
    if memo is None or not memo.writable:
        return
    if _read_entry(memo.path, passphrase, material.salt) == material.key:
        return
    with contextlib.suppress(OSError):
        _publish(memo.path, _entry(passphrase, material))


def forget(memo_path: Path) -> None:
    memo_path.unlink(missing_ok=True)
    _remove_stale(memo_path)


def _remove_stale(path: Path) -> None:
    """Temporary files of a process killed while writing the memo."""
    for stale in path.parent.glob(f".{path.name}.*.tmp"):
        with contextlib.suppress(OSError):
            stale.unlink()


def _tag(key: bytes, salt: bytes, passphrase: str) -> bytes:
    return hmac.new(key, _MAGIC + salt + passphrase.encode(), hashlib.sha256).digest()


def _entry(passphrase: str, material: KeyMaterial) -> bytes:
    return _MAGIC + material.salt + material.key + _tag(material.key, material.salt, passphrase)


def _read_entry(path: Path, passphrase: str, salt: bytes) -> bytes | None:
    try:
        # O_NOFOLLOW/O_NONBLOCK: a link or FIFO planted at the memo's path is not followed.
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_NOFOLLOW", 0))
    except OSError:
        return None
    try:
        info = os.fstat(fd)
        if not _private_file(info):
            return None
        data = os.read(fd, _SIZE + 1)
    except OSError:
        return None
    finally:
        os.close(fd)
    if len(data) != _SIZE or not data.startswith(_MAGIC):
        return None
    body = data[len(_MAGIC) :]
    stored_salt = body[:SALT_BYTES]
    key = body[SALT_BYTES : SALT_BYTES + _KEY_BYTES]
    tag = body[SALT_BYTES + _KEY_BYTES :]
    if stored_salt != salt or not hmac.compare_digest(tag, _tag(key, salt, passphrase)):
        return None
    return key


def _private_file(info: os.stat_result) -> bool:
    return stat.S_ISREG(info.st_mode) and not info.st_mode & 0o077 and info.st_uid == os.getuid()


def _publish(path: Path, data: bytes) -> None:
    """Whole or not at all: a private temporary file renamed over the memo. No sync: a memo lost
    or torn by a crash fails its checks and the key is derived again."""
    _remove_stale(path)
    import secrets  # only to write a memo: a search that reads one never loads it (ADR 0240)

    temporary = path.with_name(f".{path.name}.{os.getpid()}.{secrets.token_hex(4)}.tmp")
    fd = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    try:
        os.fchmod(fd, 0o600)
        os.write(fd, data)
    finally:
        os.close(fd)
    try:
        temporary.replace(path)
    finally:
        temporary.unlink(missing_ok=True)
