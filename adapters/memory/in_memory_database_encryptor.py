"""A database encryptor that only records what it was asked (use-case tests)."""

from __future__ import annotations

from pathlib import Path

from application.ports.database_encryptor import (
    DatabaseEncryptor,
    DatabaseState,
    Reencryption,
    StageKey,
    StoreKey,
)
from domain.errors import WrongKey


class InMemoryDatabaseEncryptor(DatabaseEncryptor):
    """``keys`` maps a path to the key its database is encrypted with now."""

    def __init__(self) -> None:
        self.keys: dict[Path, str] = {}
        self.backups: dict[Path, str] = {}
        self.restored: list[Path] = []
        self.rewritten: list[Path] = []

    def state(self, path: Path) -> DatabaseState:
        return DatabaseState.ENCRYPTED if path in self.keys else DatabaseState.MISSING

    def encrypt(self, path: Path, key: str) -> Reencryption:
        self.keys[path] = key
        return Reencryption(path, path.with_name(path.name + ".bak"), 0)

    def rekey(
        self, path: Path, old_key: str, new_key: str, stage_key: StageKey, store_key: StoreKey
    ) -> Reencryption:
        if self.keys.get(path) != old_key:
            raise WrongKey(f"the key does not open {path}", "check the key")
        backup = path.with_name(path.name + ".bak")
        self.backups[backup] = old_key
        self.keys[path] = new_key
        stage_key()
        done = Reencryption(path, backup, 1)
        try:
            store_key(backup)
        except BaseException:
            self.restore(done)
            raise
        return done

    def rewrite(self, path: Path, key: str) -> Reencryption:
        self.rewritten.append(path)
        return Reencryption(path, path.with_name(path.name + ".bak"), 0)

    def restore(self, done: Reencryption) -> None:
        self.keys[done.path] = self.backups.pop(done.backup)
        self.restored.append(done.path)

    def discard(self, done: Reencryption) -> None:
        self.backups.pop(done.backup, None)
