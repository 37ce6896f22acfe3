"""KeyProvider port: where the knowledge database's encryption key comes from."""

from __future__ import annotations

from pathlib import Path
from typing import Protocol, runtime_checkable

import attrs


@attrs.frozen
class DatabaseKey:
    """A database passphrase and a human description of where it came from (never the key)."""

    secret: str = attrs.field(repr=False)
    origin: str


@runtime_checkable
class KeyProvider(Protocol):
    """Supplies one key per database.

    ``CAPY_DB_KEY`` wins; otherwise a strong random key is generated on first use and kept in the
    user's config directory (mode 0600), one per database path. ``key_for`` first finishes or
    undoes a key rotation of that database that was interrupted (ADR 0066).
    """

    def key_for(self, db_path: Path) -> DatabaseKey:
        """The key for this database, generating and storing one on first use."""
        ...

    def describe(self, db_path: Path) -> str:
        """Where the key for this database comes from, without creating anything."""
        ...

    def stage_key(self, db_path: Path, secret: str) -> None:
        """Make the key a rotation moves to durable before any file moves, so that an
        interrupted rotation can be finished (nothing when the key comes from the
        environment: the person holds the new one)."""
        ...

    def replace_key(self, db_path: Path, secret: str, backup: Path | None = None) -> DatabaseKey:
        """Store a new key for this database (after a key rotation); the key it replaces
        becomes the key of ``backup``, the original the rotation kept."""
        ...

    def forget_key(self, db_path: Path) -> None:
        """Delete the stored key of a database that is gone (a rotation's removed backup)."""
        ...
