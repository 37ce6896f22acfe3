"""Database keys kept in a dict (tests, dry runs)."""

from __future__ import annotations

import secrets
from pathlib import Path

from application.ports.key_provider import DatabaseKey, KeyProvider
from domain.errors import KeyUnavailable


class InMemoryKeyProvider(KeyProvider):
    """One random key per database path, or ``env_key`` for all when given (like CAPY_DB_KEY)."""

    def __init__(self, env_key: str | None = None) -> None:
        self._env_key = env_key
        self.keys: dict[Path, str] = {}
        self.staged: dict[Path, str] = {}

    def key_for(self, db_path: Path) -> DatabaseKey:
        if self._env_key is not None:
            return DatabaseKey(self._env_key, "environment variable CAPY_DB_KEY")
        secret = self.keys.setdefault(db_path, secrets.token_urlsafe(32))
        return DatabaseKey(secret, f"memory key for {db_path}")

    def describe(self, db_path: Path) -> str:
        if self._env_key is not None:
            return "environment variable CAPY_DB_KEY"
        if db_path in self.keys:
            return f"memory key for {db_path}"
        return f"will be generated in memory for {db_path} on first use"

    def stage_key(self, db_path: Path, secret: str) -> None:
        if self._env_key is None:
            self.staged[db_path] = secret

    def replace_key(self, db_path: Path, secret: str, backup: Path | None = None) -> DatabaseKey:
        if self._env_key is not None:
            raise KeyUnavailable(
                "CAPY_DB_KEY is set, so there is no stored key to replace",
                hint="set CAPY_DB_KEY to the new key instead",
            )
        self.staged.pop(db_path, None)
        if backup is not None and db_path in self.keys:
            self.keys[backup] = self.keys[db_path]
        self.keys[db_path] = secret
        return DatabaseKey(secret, f"memory key for {db_path}")

    def forget_key(self, db_path: Path) -> None:
        self.keys.pop(db_path, None)
