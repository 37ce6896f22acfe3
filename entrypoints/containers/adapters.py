"""Production adapters. Provider names match ``MemoryAdapters`` one for one."""

from __future__ import annotations

from adapters.json_file_job_log import JsonFileJobLog
from adapters.jsonl_session_journal import JsonlSessionJournal, journal_directory
from adapters.project.git_worktrees import GitWorktrees
from application.ports.file_upkeep import FileUpkeep
from application.ports.sweep_ledger import SweepLedger
from entrypoints.containers import lazy_adapters
from entrypoints.containers.deferred import deferred
from entrypoints.containers.framework import containers, providers


def _same_store(store: SweepLedger) -> SweepLedger:
    return store


def _same_upkeep(store: FileUpkeep) -> FileUpkeep:
    return store


class Adapters(containers.DeclarativeContainer):
    """Real I/O: SQLCipher files, subprocesses, HTTP, settings files."""

    core = providers.DependenciesContainer()
    # The fetch stack and SQLCipher are imported when first used (see lazy_adapters).
    fetcher = providers.Singleton(
        lazy_adapters.httpx_fetcher,
        allow_private_hosts=core.settings.provided.fetch.allow_private_hosts,
    )
    html_converter = providers.Singleton(lazy_adapters.beautifulsoup_html_converter)
    job_log = providers.Singleton(JsonFileJobLog.next_to, core.project.provided.db_path)
    knowledge_store = providers.Resource(
        lazy_adapters.sqlcipher_knowledge_store,
        path=core.project.provided.db_path,
        key=core.db_key.provided.secret,
        key_origin=core.db_key.provided.origin,
        title_weight=core.settings.provided.store.title_weight,
        clock=core.clock,
        read_only=core.options.provided.read_only,
        created_files_dir=core.created_files_dir,
        team=core.team,
        go_migration=providers.Callable(
            lazy_adapters.go_knowledge_migration,
            origin=core.project.provided.db_path_origin,
            env=core.options.provided.env,
            project_root=core.project_root.provided.path,
        ),
    )
    # A big document's Python side runs in a worker process while the store inserts (ADR 0149).
    document_preparer = providers.Singleton(
        deferred("adapters.preparer_process.process_preparer:ProcessPreparer")
    )
    # The file's upkeep (VACUUM, checkpoints, page cache) is the SQLCipher store's own.
    knowledge_upkeep = providers.Callable(_same_upkeep, knowledge_store)
    usage_store = providers.Callable(lazy_adapters.usage_store_of, knowledge_store)
    # The optional semantic layer: its model loads on the first search or job that embeds.
    embedder = providers.Singleton(lazy_adapters.onnx_embedder)
    chunk_vectors = providers.Callable(lazy_adapters.chunk_vectors_of, knowledge_store)
    database_encryptor = providers.Singleton(lazy_adapters.sqlcipher_database_encryptor)
    team_server = providers.Singleton(lazy_adapters.postgres_team_server)
    foreign_knowledge_bases = providers.Object(lazy_adapters.go_knowledge_base)
    sandbox = providers.Resource(
        lazy_adapters.subprocess_sandbox,
        project_root=core.project.provided.root,
        settings=core.settings.provided.executor,
        base_env=core.options.provided.env,
    )
    policy_source = providers.Singleton(
        deferred("adapters.claude_settings_policy_source:ClaudeSettingsPolicySource"),
        project_root=core.project.provided.root,
        home=core.user_dirs.provided.home,
    )
    session_journal = providers.Singleton(
        JsonlSessionJournal, providers.Callable(journal_directory, core.options.provided.env)
    )
    # Past sessions of the AI coding tools, read where each host keeps them.
    worktrees = providers.Singleton(GitWorktrees, core.options.provided.env)
    claude_sessions = providers.Singleton(
        deferred(
            "adapters.claude_sessions.claude_code_session_files:ClaudeCodeSessionFiles.from_env"
        ),
        env=core.options.provided.env,
        home=core.user_dirs.provided.home,
        worktrees=worktrees,
    )
    codex_sessions = providers.Singleton(
        deferred("adapters.codex_sessions.codex_session_files:CodexSessionFiles.from_env"),
        env=core.options.provided.env,
        home=core.user_dirs.provided.home,
        worktrees=worktrees,
    )
    session_files = providers.List(claude_sessions, codex_sessions)
    # The knowledge store keeps the sweep's ledger in its own database.
    sweep_ledger = providers.Callable(_same_store, knowledge_store)
