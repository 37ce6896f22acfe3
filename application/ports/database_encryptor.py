"""DatabaseEncryptor port: encrypting a plaintext database, or changing a database's key."""

from __future__ import annotations

from enum import StrEnum
from pathlib import Path
from typing import Protocol, runtime_checkable

import attrs


class DatabaseState(StrEnum):
    MISSING = "missing"
    PLAINTEXT = "plaintext"
    ENCRYPTED = "encrypted"
    UNREADABLE = "unreadable"  # not a database at all


@attrs.frozen
class Reencryption:
    """The result of a swap: the database now under the new key, the original kept beside it."""

    path: Path
    backup: Path
    rows_verified: int


@runtime_checkable
class DatabaseEncryptor(Protocol):
    """Rewrites a database file under a key, all or nothing.

    Contract: the copy is written beside the original, reopened with the new key and checked to
    hold the same row counts before it takes the original's place; the original is kept as
    ``<db>.bak``. Any failure before the swap leaves the original untouched and removes the
    copy. A database another process has open is refused (it would keep writing to the old
    file); nobody can open it while the copy is made.
    """

    def state(self, path: Path) -> DatabaseState: ...

    def encrypt(self, path: Path, key: str) -> Reencryption:
        """Encrypt a plaintext database with ``key``."""
        ...

    def rekey(self, path: Path, old_key: str, new_key: str) -> Reencryption:
        """Re-encrypt an encrypted database from ``old_key`` to ``new_key``."""
        ...

    def rewrite(self, path: Path, key: str) -> Reencryption:
        """Copy an encrypted database into a fresh file under the same key: the copy holds no
        free pages (a compaction that never builds the database in memory)."""
        ...

    def restore(self, done: Reencryption) -> None:
        """Undo a swap: put the backup back in place (when storing the new key failed)."""
        ...

    def discard(self, done: Reencryption) -> None:
        """Delete the backup (readable with the old key for as long as it exists)."""
        ...
