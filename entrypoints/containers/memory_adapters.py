"""In-memory adapters with the same provider names as ``Adapters`` (unit tests, dry runs)."""

from __future__ import annotations

from adapters.memory.fake_embedder import FakeEmbedder
from adapters.memory.in_memory_database_encryptor import InMemoryDatabaseEncryptor
from adapters.memory.in_memory_fetcher import InMemoryFetcher
from adapters.memory.in_memory_foreign_knowledge_base import InMemoryForeignKnowledgeBases
from adapters.memory.in_memory_html_converter import InMemoryHtmlConverter
from adapters.memory.in_memory_job_log import InMemoryJobLog
from adapters.memory.in_memory_knowledge_store import InMemoryKnowledgeStore
from adapters.memory.in_memory_policy_source import InMemoryPolicySource
from adapters.memory.in_memory_sandbox import InMemorySandbox
from adapters.memory.in_memory_session_files import InMemorySessionFiles
from adapters.memory.in_memory_session_journal import InMemorySessionJournal
from adapters.memory.in_memory_sweep_ledger import InMemorySweepLedger
from adapters.memory.in_memory_usage_store import InMemoryUsageStore
from application.ports.file_upkeep import FileUpkeep
from domain.sessions.files import SessionHost
from entrypoints.containers.deferred import deferred
from entrypoints.containers.framework import containers, providers
from entrypoints.containers.lazy_adapters import chunk_vectors_of


def _same_upkeep(store: FileUpkeep) -> FileUpkeep:
    return store


class MemoryAdapters(containers.DeclarativeContainer):
    """Fakes you can assert on; no files, processes or network."""

    core = providers.DependenciesContainer()
    fetcher = providers.Singleton(
        InMemoryFetcher, allow_private_hosts=core.settings.provided.fetch.allow_private_hosts
    )
    html_converter = providers.Singleton(InMemoryHtmlConverter)
    job_log = providers.Singleton(InMemoryJobLog)
    knowledge_store = providers.Singleton(InMemoryKnowledgeStore, clock=core.clock)
    knowledge_upkeep = providers.Callable(_same_upkeep, knowledge_store)
    document_preparer = providers.Singleton(
        deferred("application.use_cases.prepare_document:InProcessPreparer")
    )
    # Off unless a test overrides it with one that is on (``FakeEmbedder()``).
    embedder = providers.Singleton(FakeEmbedder, available=False)
    chunk_vectors = providers.Callable(chunk_vectors_of, knowledge_store)
    usage_store = providers.Singleton(InMemoryUsageStore)
    sandbox = providers.Singleton(InMemorySandbox)
    policy_source = providers.Singleton(InMemoryPolicySource)
    session_journal = providers.Singleton(InMemorySessionJournal)
    claude_sessions = providers.Singleton(InMemorySessionFiles, SessionHost.CLAUDE_CODE)
    codex_sessions = providers.Singleton(InMemorySessionFiles, SessionHost.CODEX)
    session_files = providers.List(claude_sessions, codex_sessions)
    sweep_ledger = providers.Singleton(InMemorySweepLedger)
    database_encryptor = providers.Singleton(InMemoryDatabaseEncryptor)
    foreign_knowledge_bases = providers.Singleton(InMemoryForeignKnowledgeBases)
