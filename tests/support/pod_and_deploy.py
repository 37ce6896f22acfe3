"""A pod that was OOM-killed and a deploy guide: the texts the semantic layer's unit tests index,
with the meanings the fake model knows."""

from __future__ import annotations

from collections.abc import Mapping

from dependency_injector import providers

from application.ports.embedder import Embedder
from application.use_cases.index_request import IndexRequest
from domain.search_hit import SearchScope
from domain.source_kind import ALL_KINDS
from entrypoints.containers.applications import CliContainer
from entrypoints.containers.memory_adapters import MemoryAdapters
from entrypoints.containers.runtime import RuntimeOptions

# The fake model knows that these words mean one thing, as a real model does.
MEANINGS = {"oomkilled": "memory", "exhausted": "memory", "137": "memory"}

POD = """# pod billing-7d9f

## State

Last State: Terminated
  Reason: OOMKilled
  Exit Code: 137

## Events

Pulled image registry/billing:1.4 in 2.1s
Started container billing
"""

DOCS = """# Deploy

## Rollback

Run `helm rollback billing 3` when the readiness probe fails for five minutes.

## Scaling

The worker pool scales between 2 and 12 replicas on queue depth.
"""

EVERY_KIND = SearchScope(kinds=ALL_KINDS, kinds_explicit=True)


def indexed_container(model: Embedder, documents: Mapping[str, str]) -> CliContainer:
    """The CLI's container on in-memory adapters with ``model`` as its embedder and
    ``documents`` (label → text) indexed; nothing embedded yet."""
    container = CliContainer(options=RuntimeOptions())
    container.adapters.override(MemoryAdapters(core=container.core))
    container.adapters.embedder.override(providers.Object(model))
    index = container.use_cases.index_content()
    for label, text in documents.items():
        index.execute(IndexRequest(content=text, label=label))
    return container


POD_AND_DEPLOY = {"kubectl describe pod": POD, "docs/deploy.md": DOCS}
