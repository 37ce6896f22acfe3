"""Rotating a database's key: a verified copy under a new key replaces the file."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from pathlib import Path

import attrs

from application.ports.database_encryptor import DatabaseEncryptor
from application.ports.key_provider import KeyProvider
from domain.errors import InvalidInput


@attrs.frozen
class KeyRotation:
    """What a rotation did: where the new key is (``new_key_origin``; when it came from the
    environment the person must now use it in place of the old one), and the previous file
    under the old key (``backup``; None once removed)."""

    path: Path
    new_key_origin: str
    from_environment: bool
    backup: Path | None
    rows_verified: int


class RotateKey:
    """Where the new key comes from, and where it is kept, follows where the key is kept now:

    - a key file (the default, ADR 0015): the new key is ``new_env_var`` when set, else a new
      random 256-bit key, written beside the old one before any file moves; after the swap it
      replaces the key file and the old key becomes the backup's key file (the swap is undone
      when the files cannot be written). An interrupted rotation is finished or undone by the
      next command that asks for the key (ADR 0066);
    - the environment (``env_var`` set): capy cannot change the variable, so the new key must
      come from ``new_env_var``; the person then sets ``env_var`` to it.

    The database is copied under the new key and verified before it takes the original's
    place; the original stays as ``<db>.bak`` unless ``remove_backup``.
    """

    def __init__(
        self,
        encryptor: DatabaseEncryptor,
        keys: KeyProvider,
        *,
        env: Mapping[str, str],
        env_var: str,
        new_env_var: str,
        new_secret: Callable[[], str],
    ) -> None:
        self._encryptor = encryptor
        self._keys = keys
        self._env = env
        self._env_var = env_var
        self._new_env_var = new_env_var
        self._new_secret = new_secret

    def execute(self, path: Path, *, remove_backup: bool = False) -> KeyRotation:
        old = self._keys.key_for(path)
        from_environment = self._env_var in self._env
        given = self._env.get(self._new_env_var, "")
        if from_environment and not given:
            raise InvalidInput(
                f"the key comes from {self._env_var}, which capy cannot change",
                f"set {self._new_env_var} to the new key and run the command again, then set "
                f"{self._env_var} to that new key wherever you configure it",
            )
        secret = given or self._new_secret()
        if secret == old.secret:
            raise InvalidInput(
                f"{self._new_env_var} is the key the database already has",
                f"set {self._new_env_var} to a different key",
            )
        origin = f"{self._new_env_var} (set {self._env_var} to it)"
        stored: list[str] = []

        def store_key(backup: Path) -> None:
            if not from_environment:
                stored.append(self._keys.replace_key(path, secret, backup).origin)

        def stage_key() -> None:
            self._keys.stage_key(path, secret)

        done = self._encryptor.rekey(path, old.secret, secret, stage_key, store_key)
        origin = stored[0] if stored else origin
        backup: Path | None = done.backup
        if remove_backup:
            self._encryptor.discard(done)
            self._keys.forget_key(done.backup)
            backup = None
        return KeyRotation(path, origin, from_environment, backup, done.rows_verified)
