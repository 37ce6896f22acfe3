"""The composition root of ``capy search`` and ``capy vault list``, built without
dependency_injector (ADR 0110).

Importing dependency_injector's providers imports asyncio, inspect, yaml and pydantic: more
than everything else these two commands load together. Each object below is built as its
provider in ``Core``, ``Adapters``, ``UseCases`` or ``VaultCore``/``VaultAdapters`` builds it
— the same factories with the same arguments, on first use, once — and
``tests/unit/test_reading_composition.py`` holds each of them equal to the container's.
A provider added to those containers for these commands must be added here too.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import suppress
from functools import cached_property
from typing import TYPE_CHECKING

from adapters.config.user_dirs import UserDirs
from adapters.key_file_key_provider import VAULT_ENV_VAR, KeyFileKeyProvider
from adapters.project.git_layout import GitLayoutReader
from adapters.project.git_project_locator import GitProjectLocator
from adapters.project.project_root import ProjectRoot, find_project_root
from adapters.project.team_location import TeamLocation, usable_team_location
from adapters.system_clock import SystemClock
from adapters.toml_config import TomlConfigSource
from entrypoints.containers import lazy_adapters
from entrypoints.containers.cores import available_cores
from entrypoints.containers.runtime import RuntimeOptions

if TYPE_CHECKING:
    from pathlib import Path

    from application.ports.key_provider import DatabaseKey
    from application.ports.knowledge_store import KnowledgeStore
    from application.ports.project_locator import ProjectLocation
    from application.ports.vault_store import VaultStore
    from application.use_cases.search_knowledge import SearchKnowledge
    from domain.settings import Settings


class ReadingCore:
    """``Core``'s providers that a reading command uses, each built once on first use."""

    def __init__(self, options: RuntimeOptions) -> None:
        self.options = options

    @cached_property
    def clock(self) -> SystemClock:
        return SystemClock()

    @cached_property
    def user_dirs(self) -> UserDirs:
        return UserDirs.from_env(self.options.env)

    @cached_property
    def git_layout(self) -> GitLayoutReader:
        return GitLayoutReader(self.options.env)

    @cached_property
    def project_root(self) -> ProjectRoot:
        return find_project_root(
            project_dir=self.options.project_dir,
            cwd=self.options.cwd,
            env=self.options.env,
            layout=self.git_layout,
        )

    @cached_property
    def settings(self) -> Settings:
        source = TomlConfigSource(global_file=self.user_dirs.global_config_file)
        return source.load(self.project_root.path).settings

    @cached_property
    def project(self) -> ProjectLocation:
        return GitProjectLocator(
            root=self.project_root,
            db_override=self.options.db,
            store_path=self.settings.store.path,
            cwd=self.options.cwd,
            home=self.user_dirs.home,
            databases_dir=self.user_dirs.databases_dir,
            layout=self.git_layout,
            label=not self.options.read_only,
        ).locate()

    @cached_property
    def db_key(self) -> DatabaseKey:
        provider = KeyFileKeyProvider(
            env=self.options.env,
            keys_dir=self.user_dirs.keys_dir,
            create=not self.options.read_only,
        )
        return provider.key_for(self.project.db_path)

    @cached_property
    def created_files_dir(self) -> Path:
        return self.user_dirs.databases_dir / "created"

    @cached_property
    def team(self) -> TeamLocation | None:
        return usable_team_location(
            settings=self.settings.team, env=self.options.env, project_root=self.project_root.path
        )


class _Resources:
    """Generator resources opened on first use and closed in reverse order, as the
    containers' ``shutdown_resources()`` closes theirs."""

    def __init__(self) -> None:
        self._open: list[Iterator[object]] = []

    def opened(self, resource: Iterator[object]) -> object:
        value = next(resource)
        self._open.append(resource)
        return value

    def shutdown_resources(self) -> None:
        while self._open:
            with suppress(StopIteration):
                next(self._open.pop())


class KnowledgeReading(_Resources):
    """What ``capy search`` uses: the knowledge store and the search over it."""

    def __init__(self, options: RuntimeOptions) -> None:
        super().__init__()
        self.core = ReadingCore(options)

    @cached_property
    def knowledge_store(self) -> KnowledgeStore:
        core = self.core
        resource = lazy_adapters.sqlcipher_knowledge_store(
            path=core.project.db_path,
            key=core.db_key.secret,
            key_origin=core.db_key.origin,
            title_weight=core.settings.store.title_weight,
            clock=core.clock,
            read_only=core.options.read_only,
            created_files_dir=core.created_files_dir,
            team=core.team,
            go_migration=lazy_adapters.go_knowledge_migration(
                origin=core.project.db_path_origin,
                env=core.options.env,
                project_root=core.project_root.path,
            ),
        )
        store: KnowledgeStore = self.opened(resource)  # type: ignore[assignment]
        return store

    @cached_property
    def search_knowledge(self) -> SearchKnowledge:
        from application.search.semantic import SemanticLayer
        from application.use_cases.search_knowledge import SearchKnowledge

        store = self.knowledge_store
        semantic = SemanticLayer(
            embedder=lazy_adapters.onnx_embedder(),
            store=store,
            vectors=lazy_adapters.chunk_vectors_of(store),
            clock=self.core.clock,
            cores=available_cores(),
        )
        return SearchKnowledge(
            store=store,
            clock=self.core.clock,
            track_access=not self.core.options.read_only,
            semantic=semantic,
        )


class VaultReading(_Resources):
    """What ``capy vault list`` uses: the vault's file, its key and its store."""

    def __init__(self, options: RuntimeOptions) -> None:
        super().__init__()
        self.core = ReadingCore(options)

    @cached_property
    def path(self) -> Path:
        from adapters.config.vault_location import vault_path

        options = self.core.options
        return vault_path(
            env=options.env, cwd=options.cwd, databases_dir=self.core.user_dirs.databases_dir
        )

    @cached_property
    def key(self) -> DatabaseKey:
        provider = KeyFileKeyProvider(
            env=self.core.options.env,
            keys_dir=self.core.user_dirs.keys_dir,
            env_var=VAULT_ENV_VAR,
            noun="vault",
            create=not self.core.options.read_only,
        )
        return provider.key_for(self.path)

    @cached_property
    def vault_store(self) -> VaultStore:
        core = self.core
        resource = lazy_adapters.sqlcipher_vault_store(
            path=self.path,
            key=self.key.secret,
            key_origin=self.key.origin,
            clock=core.clock,
            read_only=core.options.read_only,
            created_files_dir=core.created_files_dir,
            go_migration=lazy_adapters.go_vault_migration(env=core.options.env),
        )
        store: VaultStore = self.opened(resource)  # type: ignore[assignment]
        return store
