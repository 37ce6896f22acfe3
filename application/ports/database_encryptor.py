"""DatabaseEncryptor port: encrypting a plaintext database, or changing a database's key."""

from __future__ import annotations

from collections.abc import Callable
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


StageKey = Callable[[], None]
"""Makes the new key durable beside the old one; runs once the rotation is recorded, before
any file is written or moved."""
StoreKey = Callable[[Path], None]
"""Stores the new key once the copy is in place; given where the original (old key) is kept."""


@runtime_checkable
class DatabaseEncryptor(Protocol):
    """Rewrites a database file under a key, all or nothing.

    Contract: the copy is written beside the original, reopened with the new key and checked to
    hold the same row counts before it takes the original's place; the original is kept as
    ``<db>.bak`` (or a time-stamped name when that is taken). Any failure before the swap
    leaves the original untouched and removes the copy. A database another process has open
    is refused (it would keep writing to the old file); nobody can open it while the copy is
    made.
    """

    def state(self, path: Path) -> DatabaseState: ...

    def encrypt(self, path: Path, key: str) -> Reencryption:
        """Encrypt a plaintext database with ``key``."""
        ...

    def rekey(
        self, path: Path, old_key: str, new_key: str, stage_key: StageKey, store_key: StoreKey
    ) -> Reencryption:
        """Re-encrypt an encrypted database from ``old_key`` to ``new_key``. ``stage_key`` runs
        once the rotation is recorded and before any file is written; ``store_key`` after the
        swap and before the rotation is recorded as over (when it raises, the swap is undone).
        An interruption at any point is finished or undone by the next open."""
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
