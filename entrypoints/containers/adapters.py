"""Production adapters. Provider names match ``MemoryAdapters`` one for one."""

from __future__ import annotations

from dependency_injector import containers, providers

from adapters.claude_settings_policy_source import ClaudeSettingsPolicySource
from adapters.json_file_job_log import JsonFileJobLog
from adapters.jsonl_session_journal import JsonlSessionJournal, journal_directory
from adapters.sandbox.subprocess_sandbox import open_sandbox
from entrypoints.containers import lazy_adapters


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
        title_weight=core.settings.provided.store.title_weight,
        clock=core.clock,
    )
    database_encryptor = providers.Singleton(lazy_adapters.sqlcipher_database_encryptor)
    sandbox = providers.Resource(
        open_sandbox,
        project_root=core.project.provided.root,
        settings=core.settings.provided.executor,
        base_env=core.options.provided.env,
    )
    policy_source = providers.Singleton(
        ClaudeSettingsPolicySource,
        project_root=core.project.provided.root,
        home=core.user_dirs.provided.home,
    )
    session_journal = providers.Singleton(
        JsonlSessionJournal, providers.Callable(journal_directory, core.options.provided.env)
    )
