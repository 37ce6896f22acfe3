"""capy's search over an in-memory store, through the real container, for tests that index a
few outputs and ask about them."""

from __future__ import annotations

from application.use_cases.index_request import IndexRequest
from application.use_cases.search_knowledge import SearchKnowledge
from entrypoints.containers.applications import CliContainer
from entrypoints.containers.memory_adapters import MemoryAdapters
from entrypoints.containers.runtime import RuntimeOptions


def search_over(*outputs: tuple[str, str]) -> SearchKnowledge:
    """capy's search over an in-memory store holding ``outputs`` (label, text)."""
    container = CliContainer(options=RuntimeOptions())
    container.adapters.override(MemoryAdapters(core=container.core))
    index = container.use_cases.index_content()
    for label, content in outputs:
        index.execute(IndexRequest(content=content, label=label))
    found = container.use_cases.search_knowledge()
    assert isinstance(found, SearchKnowledge)
    return found
