"""The marks capy keeps of the database files it created, so that one of them can be recognised
as capy's even after its bytes were damaged beyond recognition.

A mark is a small file named for the database's absolute path and holding the identity (device
and inode) of the file capy linked into place. A file at that path with another identity — the
user's own file written there later, a copy restored by hand — is not capy's, whatever its
bytes. Marks are advisory: a missing or unreadable mark only means capy falls back to what the
bytes and the ``-wal``/``-shm`` sidecars say (``database_file``).
"""

from __future__ import annotations

import contextlib
import hashlib
import os
from pathlib import Path

from adapters.sqlcipher.database_file import ensure_private_directory


class CreatedFiles:
    """Marks in one private directory (by default ``~/.local/share/capy/created``)."""

    def __init__(self, directory: Path) -> None:
        self._directory = directory

    def remember(self, path: Path) -> None:
        """Record that capy created the file now at ``path``; never fails the caller."""
        with contextlib.suppress(OSError):
            ensure_private_directory(self._directory)
            mark = self._mark(path)
            temporary = mark.with_name(f".{mark.name}.{os.getpid()}.tmp")
            temporary.write_text(_identity(path) + "\n", encoding="utf-8")
            temporary.replace(mark)

    def made(self, path: Path) -> bool:
        """Whether the file now at ``path`` is the one capy created there."""
        try:
            recorded = self._mark(path).read_text(encoding="utf-8").strip()
            return recorded == _identity(path)
        except (OSError, ValueError):
            return False

    def _mark(self, path: Path) -> Path:
        digest = hashlib.sha256(str(path.resolve()).encode()).hexdigest()[:32]
        return self._directory / f"{digest}.created"


def _identity(path: Path) -> str:
    info = path.stat()
    return f"{info.st_dev}:{info.st_ino}"
