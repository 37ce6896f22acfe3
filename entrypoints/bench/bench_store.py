"""A fresh, isolated capy composed for one benchmark store (real SQLCipher or in-memory)."""

from __future__ import annotations

import secrets
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from enum import StrEnum
from pathlib import Path
from typing import TYPE_CHECKING

from entrypoints.containers.runtime import RuntimeOptions

if TYPE_CHECKING:
    from application.ports.embedder import Embedder
    from entrypoints.containers.applications import CliContainer


def off_embedder() -> Embedder:
    """An embedder that is not there: the benchmark of words alone."""
    from adapters.memory.fake_embedder import FakeEmbedder

    return FakeEmbedder(available=False)


class StoreChoice(StrEnum):
    SQLCIPHER = "sqlcipher"
    MEMORY = "memory"
    TEAM = "team"  # a fresh project on a throwaway PostgreSQL server (ADR 0076)


@contextmanager
def bench_container(
    store: StoreChoice,
    workdir: Path,
    *,
    project_dir: Path | None = None,
    extra_env: Mapping[str, str] | None = None,
    embedder: Embedder | None = None,
    team_member: tuple[str, str] | None = None,
) -> Iterator[CliContainer]:
    """A ``CliContainer`` whose project, home and database all live in ``workdir``.

    A random ``CAPY_DB_KEY`` encrypts the database; no user configuration or real database is
    read, so numbers depend on capy and the fixtures only. ``project_dir`` names another
    project root; ``extra_env`` adds variables (where session files are, …); ``embedder``
    replaces the semantic layer's model (``off_embedder()``: words only); ``team_member`` (URL,
    project) puts a team store in an existing project.
    """
    from entrypoints.containers.applications import CliContainer

    home = workdir / "home"
    home.mkdir(parents=True, exist_ok=True)
    env = {
        "CAPY_DB_KEY": secrets.token_hex(32),
        "HOME": str(home),
        "XDG_CONFIG_HOME": str(home / ".config"),
        "XDG_DATA_HOME": str(home / ".local" / "share"),
        "PATH": "/usr/bin:/bin",
        **(extra_env or {}),
    }
    root = project_dir or workdir
    options = RuntimeOptions(db=workdir / "knowledge.db", project_dir=root, cwd=root, env=env)
    container = CliContainer(options=options)
    if store is StoreChoice.MEMORY:
        from entrypoints.containers.memory_adapters import MemoryAdapters

        container.adapters.override(MemoryAdapters(core=container.core))
    elif store is StoreChoice.TEAM:
        # As a member's capy runs it: the local encrypted file for what stays private, the
        # team's project (a fresh one unless given) for durable knowledge, reads fused.
        from adapters.project.team_location import TeamLocation
        from entrypoints.bench.team_store import new_member
        from entrypoints.containers.framework import providers

        url, project = team_member or new_member()
        container.core.team.override(providers.Object(TeamLocation(url, project, "bench", "bench")))
    if embedder is not None:
        from entrypoints.containers.framework import providers

        container.adapters.embedder.override(providers.Object(embedder))
    try:
        yield container
    finally:
        container.shutdown_resources()
