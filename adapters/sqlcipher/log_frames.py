"""Whether a write-ahead log belongs to the database beside it, read without SQLite (ADR 0067).

SQLite folds every frame of a ``-wal`` whose salts and checksum chain are sound into the
database, whatever file wrote them: a log left by another capy database (a file restored from a
backup, a copy without its own log) is folded in and the database is destroyed. Nothing in a log
names its database, but under SQLCipher every page carries an HMAC keyed from this file's key
and salt: a page written for another file (another salt, another key) does not authenticate.

So, before any connection that could fold the log opens the file: the log's header and each
frame's salts and running checksum are read the way SQLite reads them (the frames it would
use: the chain up to its last commit), and each of those frames' pages is authenticated under
this file's key material. Reading the log costs its size in I/O and one SHA-512 per page.

A log restored together with an older copy of the same file (same salt, same key) cannot be
told apart this way; it authenticates and SQLite uses it, as it would without capy.
"""

from __future__ import annotations

import hashlib
import hmac
import os
import stat
import struct
from pathlib import Path

from adapters.sqlcipher.key_material import KeyMaterial

_MAGIC = (0x377F0682, 0x377F0683)  # checksums little-endian, big-endian
_HEADER = 32
_FRAME_HEADER = 24
_SALT_BYTES = 16
_IV_BYTES = 16
_HMAC_BYTES = 64
_RESERVE = 80  # SQLCipher 4's default reserve: IV + HMAC-SHA512, rounded to the cipher block
_HMAC_SALT_MASK = 0x3A
_FAST_KDF_ITERATIONS = 2
_PAGE_SIZE = 4096  # SQLCipher 4's default page size, which capy never changes
_MAX_LOG = 256 << 20  # a larger log is judged by SQLite alone (it is read whole)


def foreign_frames(log: Path, material: KeyMaterial) -> int:
    """How many of the frames SQLite would fold in do not authenticate under ``material``
    (0: the log belongs, or SQLite would use none of it). A log that is not a regular file
    counts as foreign (1): it is never opened for reading beyond a non-blocking stat."""
    try:
        info = log.stat()
    except OSError:
        return 0
    if not stat.S_ISREG(info.st_mode):
        return 1
    if info.st_size < _HEADER or info.st_size > _MAX_LOG:
        return 0
    fd = os.open(log, os.O_RDONLY | os.O_NONBLOCK)
    try:
        data = os.read(fd, info.st_size)
    finally:
        os.close(fd)
    return _count_foreign(data, material)


def first_page_authentic(path: Path, material: KeyMaterial) -> bool:
    """Whether page 1 of the database file authenticates under ``material`` (its salt is the
    file's, and its HMAC is SQLCipher's for this key): the key opens the file."""
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK)
    except OSError:
        return False
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            return False
        page = os.read(fd, _PAGE_SIZE)
    except OSError:
        return False
    finally:
        os.close(fd)
    if len(page) != _PAGE_SIZE or page[:_SALT_BYTES] != material.salt:
        return False
    return _authentic(1, page, _hmac_key(material), _PAGE_SIZE)


def _hmac_key(material: KeyMaterial) -> bytes:
    return hashlib.pbkdf2_hmac(
        "sha512",
        material.key,
        bytes(b ^ _HMAC_SALT_MASK for b in material.salt),
        _FAST_KDF_ITERATIONS,
        dklen=len(material.key),
    )


def _count_foreign(data: bytes, material: KeyMaterial) -> int:
    magic, _version, page_size, _sequence, salt1, salt2, c1, c2 = struct.unpack(
        ">8I", data[:_HEADER]
    )
    if magic not in _MAGIC or page_size < 512 or page_size & (page_size - 1):
        return 0  # SQLite treats a log with a bad header as empty
    order = "<" if magic == _MAGIC[0] else ">"
    s1, s2 = _checksum(order, data[:24], 0, 0)
    if (s1, s2) != (c1, c2):
        return 0
    hmac_key = _hmac_key(material)
    frame_size = _FRAME_HEADER + page_size
    pending: list[tuple[int, bytes]] = []
    foreign = 0
    offset = _HEADER
    while offset + frame_size <= len(data):
        header = data[offset : offset + _FRAME_HEADER]
        page = data[offset + _FRAME_HEADER : offset + frame_size]
        number, commit, f_salt1, f_salt2, f1, f2 = struct.unpack(">6I", header)
        if (f_salt1, f_salt2) != (salt1, salt2) or number == 0:
            break
        s1, s2 = _checksum(order, header[:8], s1, s2)
        s1, s2 = _checksum(order, page, s1, s2)
        if (s1, s2) != (f1, f2):
            break
        pending.append((number, page))
        if commit:  # a commit frame: everything up to here is what SQLite would use
            foreign += sum(not _authentic(n, p, hmac_key, page_size) for n, p in pending)
            pending = []
        offset += frame_size
    return foreign


def _authentic(number: int, page: bytes, hmac_key: bytes, page_size: int) -> bool:
    start = _SALT_BYTES if number == 1 else 0
    end = page_size - _RESERVE + _IV_BYTES
    mac = page[end : end + _HMAC_BYTES]
    digest = hmac.new(hmac_key, page[start:end] + struct.pack("<I", number), hashlib.sha512)
    return hmac.compare_digest(digest.digest(), mac)


def _checksum(order: str, data: bytes, s1: int, s2: int) -> tuple[int, int]:
    """SQLite's WAL checksum: pairs of 32-bit words in the log's byte order."""
    words = struct.unpack(f"{order}{len(data) // 4}I", data)
    for i in range(0, len(words), 2):
        s1 = (s1 + words[i] + s2) & 0xFFFFFFFF
        s2 = (s2 + words[i + 1] + s1) & 0xFFFFFFFF
    return s1, s2
