"""Adapters whose libraries are imported on first use, not when the containers are composed.

``capy serve`` answers ``initialize`` sooner and stays smaller when it never loads what a
session does not use: the fetch stack (httpx, BeautifulSoup, html2text: ~6 MB resident) until
``capy_fetch_and_index`` is first called, and SQLCipher until the store is opened (on the
server's warm-up thread). Each factory imports its adapter module when it is called.
"""

from __future__ import annotations

import contextlib
import logging
from collections.abc import Callable, Iterable, Iterator, Mapping
from pathlib import Path
from typing import TYPE_CHECKING

from domain.errors import ForeignSchema, WrongKey

if TYPE_CHECKING:  # the ports are named for the type checker only: ``capy search`` loads few
    from adapters.project.team_location import TeamLocation
    from application.ports.chunk_vectors import ChunkVectors
    from application.ports.clock import Clock
    from application.ports.database_encryptor import DatabaseEncryptor
    from application.ports.embedder import Embedder
    from application.ports.fetcher import Fetcher
    from application.ports.foreign_knowledge_base import ForeignKnowledgeBase
    from application.ports.html_converter import HtmlConverter
    from application.ports.knowledge_store import KnowledgeStore
    from application.ports.sandbox import Sandbox
    from application.ports.team_server import TeamServer
    from application.ports.usage_store import UsageStore
    from application.ports.vault_source import VaultSource
    from application.ports.vault_store import VaultStore
    from domain.settings import ExecutorSettings

GoMigration = Callable[[Path, str], None]


def httpx_fetcher(*, allow_private_hosts: Iterable[str] = ()) -> Fetcher:
    from adapters.http.httpx_fetcher import HttpxFetcher

    return HttpxFetcher(allow_private_hosts=allow_private_hosts)


def beautifulsoup_html_converter() -> HtmlConverter:
    from adapters.http.beautifulsoup_html_converter import BeautifulSoupHtmlConverter

    return BeautifulSoupHtmlConverter()


def onnx_embedder() -> Embedder:
    """The semantic layer's model; constructing it loads nothing (ADR 0080). Dropped after a
    while unused, its freed memory handed back to the system (ADR 0098)."""
    from adapters.embedding.onnx_embedder import OnnxEmbedder

    return OnnxEmbedder(release_memory=_release_freed_memory)


def _release_freed_memory() -> None:
    """``release_freed_memory``, its module (and ctypes) loaded when the model is dropped."""
    from entrypoints.mcp_server.memory import release_freed_memory

    release_freed_memory()


def chunk_vectors_of(store: KnowledgeStore) -> ChunkVectors:
    """The knowledge store keeps the semantic layer's vectors beside its chunks."""
    from application.ports.chunk_vectors import ChunkVectors

    if not isinstance(store, ChunkVectors):
        raise TypeError(f"{type(store).__name__} keeps no vectors")
    return store


def sqlcipher_knowledge_store(
    *,
    path: Path,
    key: str,
    title_weight: float,
    clock: Clock | None = None,
    read_only: bool = False,
    created_files_dir: Path | None = None,
    go_migration: GoMigration | None = None,
    key_origin: str = "",
    team: TeamLocation | None = None,
) -> Iterator[KnowledgeStore]:
    """Container resource: yields the open store; ``shutdown_resources()`` closes it. At the
    default path a Go capy file is migrated in place first (``go_migration``, ADR 0059). With a
    team server configured (``team``), durable knowledge goes there (ADR 0076)."""
    from adapters.sqlcipher.store_resource import open_knowledge_store

    def opened() -> Iterator[KnowledgeStore]:
        return open_knowledge_store(
            path, key, title_weight, clock, read_only=read_only, created_files_dir=created_files_dir
        )

    with _key_advice(key_origin, "CAPY_DB_KEY", "knowledge database"):
        resource = _migrating(opened, go_migration, path, key)
        store = next(resource)
    if team is None:
        yield store
    else:
        from adapters.shared_knowledge_store import SharedKnowledgeStore

        shared = SharedKnowledgeStore(store, lambda: postgres_knowledge_store(team, title_weight))
        try:
            yield shared
        finally:
            shared.close_team()
    with contextlib.suppress(StopIteration):
        next(resource)


def postgres_knowledge_store(team: TeamLocation, title_weight: float) -> KnowledgeStore:
    """The team server's store of ``team.project`` (psycopg imported here, on first use)."""
    from adapters.install_advice import require_team_driver

    require_team_driver()
    from adapters.postgres.postgres_knowledge_store import PostgresKnowledgeStore

    return PostgresKnowledgeStore(team.url, team.project, title_weight=title_weight)


@contextlib.contextmanager
def _key_advice(origin: str, env_var: str, noun: str) -> Iterator[None]:
    """A key that does not fit is explained by where it came from (ADR 0057)."""
    try:
        yield
    except WrongKey as error:
        from adapters.key_advice import wrong_key_advice

        raise WrongKey(error.message, wrong_key_advice(origin, env_var, noun)) from None


def _migrating(
    opened: Callable[[], Iterator[KnowledgeStore]],
    go_migration: GoMigration | None,
    path: Path,
    key: str,
) -> Iterator[KnowledgeStore]:
    resource = opened()
    try:
        store = next(resource)
    except ForeignSchema:
        if go_migration is None:
            raise
        go_migration(path, key)
        resource = opened()
        store = next(resource)
    yield store
    with contextlib.suppress(StopIteration):
        next(resource)  # runs the resource's close


def go_knowledge_migration(
    *, origin: str, env: Mapping[str, str], project_root: Path
) -> GoMigration | None:
    """At the default path only: a file given with --db or store.path is never migrated."""
    if not origin.startswith("default location"):
        return None

    def migrate(path: Path, key: str) -> None:
        from entrypoints.go_migration import migrate_knowledge_base

        migrate_knowledge_base(path, key, env, project_root, _say)

    return migrate


def go_vault_migration(*, env: Mapping[str, str]) -> GoMigration | None:
    """At the default path only: a vault named by CAPY_VAULT_PATH is never migrated."""
    if env.get("CAPY_VAULT_PATH", "").strip():
        return None

    def migrate(path: Path, key: str) -> None:
        from entrypoints.go_migration import migrate_vault

        migrate_vault(path, key, env, _say)

    return migrate


def _say(message: str) -> None:
    logging.getLogger("capy.store").warning(message)


def subprocess_sandbox(
    *, project_root: Path, settings: ExecutorSettings, base_env: Mapping[str, str]
) -> Iterator[Sandbox]:
    """Container resource: yields the sandbox; ``shutdown_resources()`` stops its programs."""
    from adapters.sandbox.subprocess_sandbox import open_sandbox

    yield from open_sandbox(project_root, settings, base_env)


def usage_store_of(store: KnowledgeStore) -> UsageStore:
    """The usage history lives in the knowledge base: the SQLCipher store keeps both."""
    from application.ports.usage_store import UsageStore

    if not isinstance(store, UsageStore):
        raise TypeError(f"{type(store).__name__} keeps no usage history")
    return store


def sqlcipher_database_encryptor() -> DatabaseEncryptor:
    from adapters.sqlcipher.sqlcipher_database_encryptor import SqlcipherDatabaseEncryptor

    return SqlcipherDatabaseEncryptor()


def sqlcipher_vault_encryptor() -> DatabaseEncryptor:
    from adapters.sqlcipher.sqlcipher_database_encryptor import SqlcipherDatabaseEncryptor
    from adapters.sqlcipher.vault.profile import VAULT

    return SqlcipherDatabaseEncryptor(VAULT)


def sqlcipher_vault_store(
    *,
    path: Path,
    key: str,
    clock: Clock | None = None,
    read_only: bool = False,
    created_files_dir: Path | None = None,
    go_migration: GoMigration | None = None,
    key_origin: str = "",
) -> Iterator[VaultStore]:
    """Container resource: yields the open vault; ``shutdown_resources()`` closes it."""
    from adapters.sqlcipher.created_files import CreatedFiles
    from adapters.sqlcipher.vault.sqlcipher_vault_store import SqlcipherVaultStore

    created = CreatedFiles(created_files_dir) if created_files_dir else None

    def opened() -> SqlcipherVaultStore:
        return SqlcipherVaultStore(path, key, clock=clock, read_only=read_only, created=created)

    with _key_advice(key_origin, "CAPY_VAULT_KEY", "vault"):
        try:
            store = opened()
        except ForeignSchema:
            if go_migration is None:
                raise
            go_migration(path, key)
            store = opened()
    try:
        yield store
    finally:
        store.close()


def sqlcipher_vault_source(path: Path, key: str | None) -> VaultSource:
    """Another vault, opened read-only to merge from."""
    from adapters.sqlcipher.vault.sqlcipher_vault_source import SqlcipherVaultSource

    return SqlcipherVaultSource(path, key)


def go_knowledge_base(path: Path, key: str | None) -> ForeignKnowledgeBase:
    """The Go capy's knowledge base, opened read-only to import from."""
    from adapters.sqlcipher.go_knowledge_base import GoKnowledgeBase

    return GoKnowledgeBase(path, key)


def postgres_team_server() -> TeamServer:
    """Administration of a team server (psycopg imported here, on first use)."""
    from adapters.install_advice import require_team_driver

    require_team_driver()
    from adapters.postgres.postgres_team_server import PostgresTeamServer

    return PostgresTeamServer()
