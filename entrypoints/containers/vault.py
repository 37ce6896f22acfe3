"""The vault's composition: where it lives, its key, its adapters and its use cases.

``VaultContainer`` is the composition root of ``capy vault …``; the MCP server pulls in the
same ``VaultCore``/``VaultAdapters``/``VaultUseCases`` for its start-up sweep. Tests override
``adapters`` with ``MemoryVaultAdapters`` (same provider names).
"""

from __future__ import annotations

import operator
import os

from adapters.claude_cli_launcher import ClaudeCliLauncher
from adapters.claude_sessions.project_dirs import child_dirs, projects_root
from adapters.config.vault_location import compresses, vault_path
from adapters.filesystem_restore_folders import FilesystemRestoreFolders
from adapters.key_file_key_provider import (
    VAULT_ENV_VAR,
    KeyFileKeyProvider,
    new_key,
    new_key_variable,
)
from adapters.machine_id_file import FileMachineIdentity
from adapters.memory.fixed_machine_identity import FixedMachineIdentity
from adapters.memory.in_memory_database_encryptor import InMemoryDatabaseEncryptor
from adapters.memory.in_memory_restore_folders import InMemoryRestoreFolders
from adapters.memory.in_memory_session_files import InMemorySessionFiles
from adapters.memory.in_memory_vault_source import InMemoryVaultSources
from adapters.memory.in_memory_vault_store import InMemoryVaultStore
from adapters.memory.recording_launcher import RecordingLauncher
from adapters.project.git_worktrees import GitWorktrees
from adapters.zstd_codec import ZstdCodec
from application.ports.file_upkeep import FileUpkeep
from application.use_cases.rotate_key import RotateKey
from application.use_cases.vault.checkpoint_vault import CheckpointVault
from application.use_cases.vault.compact_vault import CompactVault
from application.use_cases.vault.delete_session import DeleteSession
from application.use_cases.vault.find_session import FindSession
from application.use_cases.vault.find_unarchived_sessions import FindUnarchivedSessions
from application.use_cases.vault.import_sessions import ImportSessions
from application.use_cases.vault.list_sessions import ListSessions
from application.use_cases.vault.merge_vault import MergeVault
from application.use_cases.vault.reindex_vault import ReindexVault
from application.use_cases.vault.restore_session import RestoreSession
from application.use_cases.vault.resume_session import ResumeSession
from application.use_cases.vault.search_vault import SearchVault
from application.use_cases.vault.show_session import ShowSession
from application.use_cases.vault.vault_statistics import VaultStatistics
from application.use_cases.vault.view_session import ViewSession
from application.vault.session_reader import SessionReader
from application.vault.stored_session import StoredSessionReader
from entrypoints.containers import lazy_adapters
from entrypoints.containers.core import Core
from entrypoints.containers.deferred import deferred
from entrypoints.containers.framework import containers, providers
from entrypoints.containers.runtime import RuntimeOptions


class VaultCore(containers.DeclarativeContainer):
    """The vault's file, its key and how it writes; no file is opened here."""

    core = providers.DependenciesContainer()

    path = providers.Singleton(
        vault_path,
        env=core.options.provided.env,
        cwd=core.options.provided.cwd,
        databases_dir=core.user_dirs.provided.databases_dir,
    )
    key_provider = providers.Singleton(
        KeyFileKeyProvider,
        env=core.options.provided.env,
        keys_dir=core.user_dirs.provided.keys_dir,
        env_var=VAULT_ENV_VAR,
        noun="vault",
        create=providers.Callable(operator.not_, core.options.provided.read_only),
    )
    key = providers.Singleton(key_provider.provided.key_for.call(path))
    compress = providers.Callable(compresses, core.options.provided.env)
    projects_dir = providers.Singleton(
        projects_root, core.options.provided.env, core.user_dirs.provided.home
    )


def _same_object(store: FileUpkeep) -> FileUpkeep:
    return store


class VaultAdapters(containers.DeclarativeContainer):
    """Real I/O: the encrypted vault file, the file system, this machine's id."""

    core = providers.DependenciesContainer()
    vault_core = providers.DependenciesContainer()

    vault_store = providers.Resource(
        lazy_adapters.sqlcipher_vault_store,
        path=vault_core.path,
        key=vault_core.key.provided.secret,
        key_origin=vault_core.key.provided.origin,
        clock=core.clock,
        read_only=core.options.provided.read_only,
        created_files_dir=core.created_files_dir,
        go_migration=providers.Callable(
            lazy_adapters.go_vault_migration, env=core.options.provided.env
        ),
    )
    # The vault's file upkeep is the store's own (``FileUpkeep``).
    vault_upkeep = providers.Callable(_same_object, vault_store)
    codec = providers.Singleton(ZstdCodec, compress=vault_core.compress)
    machine_identity = providers.Singleton(
        FileMachineIdentity,
        env=core.options.provided.env,
        config_home=core.user_dirs.provided.config_home,
    )
    restore_folders = providers.Singleton(FilesystemRestoreFolders)
    session_files = providers.Singleton(
        deferred(
            "adapters.claude_sessions.claude_code_session_files:ClaudeCodeSessionFiles.from_env"
        ),
        env=core.options.provided.env,
        home=core.user_dirs.provided.home,
        worktrees=providers.Singleton(GitWorktrees, core.options.provided.env),
    )
    is_directory = providers.Object(os.path.isdir)
    list_directories = providers.Object(child_dirs)
    launcher = providers.Singleton(ClaudeCliLauncher, env=core.options.provided.env)
    vault_sources = providers.Object(lazy_adapters.sqlcipher_vault_source)
    database_encryptor = providers.Singleton(lazy_adapters.sqlcipher_vault_encryptor)


def _no_directories(path: str) -> bool:
    return False


def _no_listing(path: str) -> list[str]:
    return []


class MemoryVaultAdapters(containers.DeclarativeContainer):
    """The same provider names over fakes (no files). The codec is the real one: it is pure."""

    core = providers.DependenciesContainer()
    vault_core = providers.DependenciesContainer()

    vault_store = providers.Singleton(InMemoryVaultStore, clock=core.clock)
    vault_upkeep = providers.Callable(_same_object, vault_store)
    codec = providers.Singleton(ZstdCodec, compress=vault_core.compress)
    machine_identity = providers.Singleton(FixedMachineIdentity)
    restore_folders = providers.Singleton(InMemoryRestoreFolders)
    session_files = providers.Singleton(InMemorySessionFiles)
    is_directory = providers.Object(_no_directories)
    list_directories = providers.Object(_no_listing)
    launcher = providers.Singleton(RecordingLauncher)
    vault_sources = providers.Singleton(InMemoryVaultSources)
    database_encryptor = providers.Singleton(InMemoryDatabaseEncryptor)


class VaultUseCases(containers.DeclarativeContainer):
    core = providers.DependenciesContainer()
    vault_core = providers.DependenciesContainer()
    adapters = providers.DependenciesContainer()

    find_session = providers.Factory(FindSession, store=adapters.vault_store)
    list_sessions = providers.Factory(ListSessions, store=adapters.vault_store)
    search = providers.Factory(SearchVault, store=adapters.vault_store)
    delete_session = providers.Factory(DeleteSession, store=adapters.vault_store)
    statistics = providers.Factory(VaultStatistics, store=adapters.vault_store)
    unarchived = providers.Factory(
        FindUnarchivedSessions,
        files=adapters.session_files,
        open_store=adapters.vault_store.provider,
        vault_exists=vault_core.path.provided.exists,
    )
    checkpoint = providers.Factory(CheckpointVault, upkeep=adapters.vault_upkeep)
    session_reader = providers.Factory(
        SessionReader,
        files=adapters.session_files,
        codec=adapters.codec,
        machine_id=adapters.machine_identity.provided.machine_id,
        list_directories=adapters.list_directories,
    )
    stored_reader = providers.Factory(
        StoredSessionReader, codec=adapters.codec, files=adapters.session_files
    )
    reindex = providers.Factory(
        ReindexVault,
        store=adapters.vault_store,
        upkeep=adapters.vault_upkeep,
        reader=stored_reader,
    )
    compact = providers.Factory(
        CompactVault,
        store=adapters.vault_store,
        upkeep=adapters.vault_upkeep,
        codec=adapters.codec,
        encryptor=adapters.database_encryptor,
        path=vault_core.path,
        key=vault_core.key.provided.secret.provider,
    )
    rekey = providers.Factory(
        RotateKey,
        encryptor=adapters.database_encryptor,
        keys=vault_core.key_provider,
        env=core.options.provided.env,
        env_var=VAULT_ENV_VAR,
        new_env_var=new_key_variable(VAULT_ENV_VAR),
        new_secret=providers.Object(new_key),
    )
    merge = providers.Factory(
        MergeVault,
        store=adapters.vault_store,
        codec=adapters.codec,
        reader=stored_reader,
        open_source=adapters.vault_sources,
    )
    import_sessions = providers.Factory(
        ImportSessions,
        store=adapters.vault_store,
        files=adapters.session_files,
        reader=session_reader,
        clock=core.clock,
        machine_id=adapters.machine_identity.provided.machine_id,
        reindex=reindex,
    )
    view_session = providers.Factory(
        ViewSession, store=adapters.vault_store, codec=adapters.codec, files=adapters.session_files
    )
    show_session = providers.Factory(
        ShowSession, store=adapters.vault_store, codec=adapters.codec, files=adapters.session_files
    )
    restore_session = providers.Factory(
        RestoreSession,
        store=adapters.vault_store,
        codec=adapters.codec,
        folders=adapters.restore_folders,
        projects_dir=vault_core.projects_dir,
    )
    resume_session = providers.Factory(
        ResumeSession,
        restore=restore_session,
        projects_dir=vault_core.projects_dir,
        is_directory=adapters.is_directory,
    )


class VaultContainer(containers.DeclarativeContainer):
    """``capy vault …``: the core (for paths and the project), the vault and its use cases."""

    options = providers.Dependency(instance_of=RuntimeOptions)
    core = providers.Container(Core, options=options)
    vault_core = providers.Container(VaultCore, core=core)
    adapters = providers.Container(VaultAdapters, core=core, vault_core=vault_core)
    use_cases = providers.Container(
        VaultUseCases, core=core, vault_core=vault_core, adapters=adapters
    )
