"""This machine's id: ``CAPY_MACHINE_ID``, else a random UUID kept in capy's config folder."""

from __future__ import annotations

import contextlib
import getpass
import hashlib
import os
import socket
import uuid
from collections.abc import Mapping
from pathlib import Path

from application.ports.machine_identity import MachineIdentity

ENV_VAR = "CAPY_MACHINE_ID"
_MAX_LENGTH = 200


class FileMachineIdentity(MachineIdentity):
    """Reads ``<config_home>/capy/machine-id``, creating it on first use (whole or not at all).

    When the folder cannot be written the id is derived from the host and user names, so the
    vault still works on a read-only home (the same machine keeps the same id).
    """

    def __init__(self, env: Mapping[str, str], config_home: Path) -> None:
        self._env_id = env.get(ENV_VAR, "").strip()
        self._file = config_home / "capy" / "machine-id"
        self._cached: str | None = None

    def machine_id(self) -> str:
        if self._env_id:
            return self._env_id[:_MAX_LENGTH]
        if self._cached is None:
            self._cached = self._read() or self._create() or _derived()
        return self._cached

    def _read(self) -> str | None:
        try:
            text = self._file.read_text(encoding="utf-8").strip()
        except (OSError, UnicodeDecodeError):
            return None
        return text[:_MAX_LENGTH] or None

    def _create(self) -> str | None:
        fresh = str(uuid.uuid4())
        temporary = self._file.with_name(f".machine-id.{os.getpid()}.tmp")
        try:
            self._file.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
            temporary.write_text(fresh + "\n", encoding="utf-8")
            try:
                os.link(temporary, self._file)  # fails if another process made one first
            except FileExistsError:
                return self._read()
            return fresh
        except OSError:
            return None
        finally:
            with contextlib.suppress(OSError):
                temporary.unlink()


def _derived() -> str:
    try:
        user = getpass.getuser()
    except (OSError, KeyError):
        user = ""
    digest = hashlib.sha256(f"{socket.gethostname()}\0{user}".encode()).hexdigest()
    return f"derived-{digest[:32]}"
