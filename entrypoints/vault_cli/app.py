"""The ``capy vault`` command group and what its commands share: the container, the output."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING

from cyclopts import App

from entrypoints.cli.options import global_options
from entrypoints.containers.runtime import RuntimeOptions

if TYPE_CHECKING:
    from entrypoints.containers.vault import VaultContainer

vault = App(
    name="vault",
    help=(
        "The vault: every Claude Code session archived verbatim in one encrypted, compressed "
        "file (~/.local/share/capy/vault.db, or CAPY_VAULT_PATH), searchable, restorable and "
        "resumable. Its key is CAPY_VAULT_KEY, else one capy generates and keeps in "
        "~/.config/capy/keys/ (mode 0600)."
    ),
)


@contextmanager
def vault_container(*, read_only: bool = False) -> Iterator[VaultContainer]:
    """The composition root of one vault command; closes the vault (WAL flushed) afterwards.

    A command that only looks passes ``read_only``: the vault opens read-only and no key
    file, vault or folder is created (ADR 0057)."""
    from entrypoints.containers.vault import VaultContainer

    options = global_options()
    runtime = RuntimeOptions(project_dir=options.project_dir, read_only=read_only)
    container = VaultContainer(options=runtime)
    try:
        yield container
    finally:
        container.shutdown_resources()


def say(message: str) -> None:
    """A ``capy vault:`` line on stderr (progress, warnings), keeping stdout for results."""
    print(f"capy vault: {message}", file=sys.stderr, flush=True)


def vault_exists(container: VaultContainer) -> bool:
    """Reading commands say "nothing archived yet" instead of creating an empty vault."""
    return bool(container.vault_core.path().exists())


def require_vault(container: VaultContainer) -> None:
    from domain.errors import InvalidInput

    if not vault_exists(container):
        raise InvalidInput(
            f"no vault at {container.vault_core.path()} yet",
            "archive your sessions first with `capy vault import`",
        )
