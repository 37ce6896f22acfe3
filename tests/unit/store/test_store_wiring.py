"""The in-memory store plugs into the real container under the agreed provider name."""

from __future__ import annotations

from application.ports.knowledge_store import KnowledgeStore
from entrypoints.containers.applications import CliContainer
from entrypoints.containers.memory_adapters import MemoryAdapters
from entrypoints.containers.runtime import RuntimeOptions


def test_memory_adapters_provide_one_shared_store() -> None:
    container = CliContainer(options=RuntimeOptions())
    container.adapters.override(MemoryAdapters(core=container.core))

    store = container.adapters.knowledge_store()

    assert isinstance(store, KnowledgeStore)
    assert container.adapters.knowledge_store() is store
    container.shutdown_resources()
