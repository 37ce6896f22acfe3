"""What the bytes of a database file say before SQLCipher is asked, and moving a bad file aside.

SQLCipher cannot tell a wrong key from a damaged file: both fail page 1's HMAC. capy therefore
only declares a file "garbage" when it cannot be an encrypted database under *any* key — a size
that is not a whole number of pages, or a first page whose bytes are far from random (encrypted
pages are indistinguishable from random bytes). Anything else that will not open is reported as
a wrong key and left byte-for-byte untouched (ADR 0012).
"""

from __future__ import annotations

import enum
from datetime import datetime
from pathlib import Path

PLAINTEXT_HEADER = b"SQLite format 3\x00"
_MIN_PAGE = 512
_SAMPLE = 4096
# Distinct byte values expected in random data: ~256 in 4096 bytes, ~221 in 512 bytes.
_MIN_DISTINCT = {_SAMPLE: 200, _MIN_PAGE: 150}
SIDECARS = ("-wal", "-shm")


class FileState(enum.Enum):
    MISSING = "missing"
    EMPTY = "empty"
    PLAINTEXT = "plaintext"
    ENCRYPTED = "encrypted"  # or at least: could be, under some key
    GARBAGE = "garbage"


def inspect(path: Path) -> FileState:
    try:
        size = path.stat().st_size
    except FileNotFoundError:
        return FileState.MISSING
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
