"""Making what was written survive a crash or a power cut: a file's bytes and a folder's
entries (a new name, a rename) forced to the disk with ``fsync``.

One place for it: the key files, the key-rotation journal and the migration from the Go capy
all write, sync and rename by these.
"""

from __future__ import annotations

import contextlib
import os
from pathlib import Path


def sync_file(path: Path) -> None:
    """Force the bytes written to ``path`` (by any handle) to the disk."""
    fd = os.open(path, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def sync_directory(directory: Path) -> None:
    """Force ``directory``'s entries to the disk, so a file created or renamed in it stays.
    Best effort: some file systems cannot sync a folder, and the data is then as safe as they
    make it."""
    with contextlib.suppress(OSError):
        fd = os.open(directory, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)
