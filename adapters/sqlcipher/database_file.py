"""What the bytes of a database file say before SQLCipher is asked, and moving a bad file aside.

SQLCipher cannot tell a wrong key from a damaged file: both fail page 1's HMAC. capy therefore
only declares a file "garbage" when it cannot be an encrypted database under *any* key — a size
that is not a whole number of pages, or a first page whose bytes are far from random (encrypted
pages are indistinguishable from random bytes). Anything else that will not open is reported as
a wrong key and left byte-for-byte untouched (ADR 0012).
"""

from __future__ import annotations

import enum
import stat
from datetime import datetime
from pathlib import Path

PLAINTEXT_HEADER = b"SQLite format 3\x00"
_MIN_PAGE = 512
_SAMPLE = 4096
# Distinct byte values expected in random data: ~256 in 4096 bytes, ~221 in 512 bytes.
_MIN_DISTINCT = {_SAMPLE: 200, _MIN_PAGE: 150}
SIDECARS = ("-wal", "-shm")
_PAGE = 4096  # the page size both capys write


class FileState(enum.Enum):
    MISSING = "missing"
    EMPTY = "empty"
    PLAINTEXT = "plaintext"
    ENCRYPTED = "encrypted"  # or at least: could be, under some key
    GARBAGE = "garbage"


class NotARegularFile(OSError):
    """The path names a folder, a FIFO, a socket or a device: nothing capy reads or writes."""


def inspect(path: Path) -> FileState:
    """Classify the file by its bytes; raises ``NotARegularFile`` before opening anything that
    could block (a FIFO) or is not a file at all."""
    try:
        info = path.stat()
    except FileNotFoundError:
        return FileState.MISSING
    if not stat.S_ISREG(info.st_mode):
        raise NotARegularFile(f"{path} is not a regular file")
    size = info.st_size
    if size == 0:
        return FileState.EMPTY
    with path.open("rb") as handle:
        head = handle.read(_SAMPLE)
    if head.startswith(PLAINTEXT_HEADER):
        return FileState.PLAINTEXT
    if size < _MIN_PAGE or size % _MIN_PAGE:
        return FileState.GARBAGE
    sample = head if len(head) == _SAMPLE else head[:_MIN_PAGE]
    threshold = _MIN_DISTINCT[len(sample)]
    return FileState.ENCRYPTED if len(set(sample)) >= threshold else FileState.GARBAGE


def _looks_random(sample: bytes) -> bool:
    threshold = _MIN_DISTINCT.get(len(sample))
    return threshold is not None and len(set(sample)) >= threshold


def has_page_structure(path: Path) -> bool:
    """Whether the bytes still look like an encrypted database whose first page was damaged:
    a whole number of 4 KiB pages, at least two, and a later page indistinguishable from
    random bytes. A text file, a zero-filled file or an image has neither."""
    try:
        size = path.stat().st_size
        if size < 2 * _PAGE or size % _PAGE:
            return False
        with path.open("rb") as handle:
            for page in (1, size // _PAGE - 1):
                handle.seek(page * _PAGE)
                if _looks_random(handle.read(_PAGE)):
                    return True
    except OSError:
        return False
    return False


def has_sidecars(path: Path) -> bool:
    """A ``-wal`` or ``-shm`` beside the file: only SQLite leaves those."""
    return any(path.with_name(path.name + sidecar).exists() for sidecar in SIDECARS)


def move_aside(path: Path, now: datetime) -> Path:
    """Rename the file and its -wal/-shm to ``<name>.corrupt.<YYYYMMDDTHHMMSS>[-wal|-shm]``."""
    stamp = now.strftime("%Y%m%dT%H%M%S")
    target = path.with_name(f"{path.name}.corrupt.{stamp}")
    suffix = 1
    while target.exists():
        suffix += 1
        target = path.with_name(f"{path.name}.corrupt.{stamp}.{suffix}")
    for sidecar in SIDECARS:
        extra = path.with_name(path.name + sidecar)
        if extra.exists():
            extra.replace(target.with_name(target.name + sidecar))
    path.replace(target)
    return target


def ensure_private_directory(directory: Path) -> None:
    """Create missing directories with mode 0700; existing ones are the user's and left alone."""
    missing = []
    current = directory
    while not current.exists():
        missing.append(current)
        current = current.parent
    for created in reversed(missing):
        created.mkdir(mode=0o700, exist_ok=True)


def restrict_permissions(path: Path) -> None:
    """The database and its sidecars are readable by their owner only."""
    for candidate in (path, *(path.with_name(path.name + s) for s in SIDECARS)):
        try:
            if candidate.stat().st_mode & 0o077:
                candidate.chmod(0o600)
        except (FileNotFoundError, PermissionError):
            continue
