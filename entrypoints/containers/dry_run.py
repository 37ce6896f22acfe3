"""Looking without touching: an empty in-memory store in place of a database not created yet."""

from __future__ import annotations

from adapters.memory.in_memory_knowledge_store import InMemoryKnowledgeStore
from adapters.memory.in_memory_sweep_ledger import InMemorySweepLedger
from entrypoints.containers.applications import CliContainer
from entrypoints.containers.framework import providers


def without_database(container: CliContainer) -> None:
    """Let ``container`` answer as if its knowledge database were empty, without creating it
    (a dry run must not create the file it looks at)."""
    container.adapters.knowledge_store.override(
        providers.Singleton(InMemoryKnowledgeStore, clock=container.core.clock)
    )
    container.adapters.sweep_ledger.override(providers.Singleton(InMemorySweepLedger))
