"""A search over a few outputs, each indexed as a command's output is, through the real
container with the in-memory adapters."""

from __future__ import annotations

from collections.abc import Mapping

from application.use_cases.index_request import IndexRequest
from application.use_cases.search_knowledge import SearchKnowledge
from domain.source_kind import SourceKind
from entrypoints.containers.applications import CliContainer
from entrypoints.containers.memory_adapters import MemoryAdapters
from entrypoints.containers.runtime import RuntimeOptions


def search_over(outputs: Mapping[str, str]) -> SearchKnowledge:
    """The search use case over ``outputs`` (label → text), indexed in order as ephemeral."""
    container = CliContainer(options=RuntimeOptions())
    container.adapters.override(MemoryAdapters(core=container.core))
    index = container.use_cases.index_content()
    for label, text in outputs.items():
        index.execute(IndexRequest(content=text, label=label, kind=SourceKind.EPHEMERAL))
    search: SearchKnowledge = container.use_cases.search_knowledge()
    return search
