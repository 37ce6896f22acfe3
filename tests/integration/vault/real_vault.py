"""A real vault (SQLCipher file, real session files) composed as ``capy vault`` composes it."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path

from entrypoints.containers.runtime import RuntimeOptions
from entrypoints.containers.vault import VaultContainer


@contextmanager
def real_vault(home: Path, env: Mapping[str, str] | None = None) -> Iterator[VaultContainer]:
    environment = {
        "HOME": str(home),
        "XDG_CONFIG_HOME": str(home / ".config"),
        "XDG_DATA_HOME": str(home / ".local" / "share"),
        "PATH": "/usr/bin:/bin",
        **(env or {}),
    }
    container = VaultContainer(options=RuntimeOptions(cwd=home, env=environment))
    try:
        yield container
    finally:
        container.shutdown_resources()
