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
    user's config directory (mode 0600), one per database path.
    """

    def key_for(self, db_path: Path) -> DatabaseKey:
        """The key for this database, generating and storing one on first use."""
        ...

    def describe(self, db_path: Path) -> str:
        """Where the key for this database comes from, without creating anything."""
        ...

    def replace_key(self, db_path: Path, secret: str) -> DatabaseKey:
        """Store a new key for this database (after a key rotation)."""
        ...
