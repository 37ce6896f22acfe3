"""Core container: runtime options, settings, paths, keys and the clock.

Order matters and is spelled out by the providers: find the project root first, then load the
configuration for that root, then resolve the database path (which may come from
``store.path``), then the key for that database.
"""

from __future__ import annotations

import operator

from adapters.config.user_dirs import UserDirs
from adapters.key_file_key_provider import KeyFileKeyProvider
from adapters.project.git_layout import GitLayoutReader
from adapters.project.git_project_locator import GitProjectLocator
from adapters.project.project_root import find_project_root
from adapters.project.team_location import usable_team_location
from adapters.system_clock import SystemClock
from adapters.toml_config import TomlConfigSource
from entrypoints.containers.framework import containers, providers
from entrypoints.containers.runtime import RuntimeOptions


class Core(containers.DeclarativeContainer):
    """What every entrypoint needs before it touches an adapter."""

    options = providers.Dependency(instance_of=RuntimeOptions)
    clock = providers.Singleton(SystemClock)

    user_dirs = providers.Singleton(UserDirs.from_env, options.provided.env)
    git_layout = providers.Singleton(GitLayoutReader, options.provided.env)
    project_root = providers.Singleton(
        find_project_root,
        project_dir=options.provided.project_dir,
        cwd=options.provided.cwd,
        env=options.provided.env,
        layout=git_layout,
    )

    config_source = providers.Singleton(
        TomlConfigSource, global_file=user_dirs.provided.global_config_file
    )
    config = providers.Singleton(config_source.provided.load.call(project_root.provided.path))
    settings = config.provided.settings

    project_locator = providers.Singleton(
        GitProjectLocator,
        root=project_root,
        db_override=options.provided.db,
        store_path=settings.provided.store.path,
        cwd=options.provided.cwd,
        home=user_dirs.provided.home,
        databases_dir=user_dirs.provided.databases_dir,
        layout=git_layout,
        label=providers.Callable(operator.not_, options.provided.read_only),
    )
    project = providers.Singleton(project_locator.provided.locate.call())

    key_provider = providers.Singleton(
        KeyFileKeyProvider,
        env=options.provided.env,
        keys_dir=user_dirs.provided.keys_dir,
        create=providers.Callable(operator.not_, options.provided.read_only),
    )
    # Where capy marks the database files it created (recognising a damaged one as its own).
    created_files_dir = providers.Callable(
        operator.truediv, user_dirs.provided.databases_dir, "created"
    )
    db_key = providers.Singleton(key_provider.provided.key_for.call(project.provided.db_path))
    # The team server holding this project's durable knowledge, or None (ADR 0076).
    team = providers.Singleton(
        usable_team_location,
        settings=settings.provided.team,
        env=options.provided.env,
        project_root=project_root.provided.path,
    )
