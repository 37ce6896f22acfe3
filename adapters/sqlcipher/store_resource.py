"""The knowledge store as a container resource: opened on first use, closed at shutdown."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

from adapters.sqlcipher.created_files import CreatedFiles
from adapters.sqlcipher.sqlcipher_knowledge_store import SqlcipherKnowledgeStore
from application.ports.clock import Clock


def open_knowledge_store(
    path: Path,
    key: str,
    title_weight: float,
    clock: Clock | None = None,
    *,
    read_only: bool = False,
    created_files_dir: Path | None = None,
) -> Iterator[SqlcipherKnowledgeStore]:
    """Yields the open store; ``shutdown_resources()`` closes it and flushes the WAL."""
    created = CreatedFiles(created_files_dir) if created_files_dir else None
    store = SqlcipherKnowledgeStore(
        path, key, title_weight=title_weight, clock=clock, read_only=read_only, created=created
    )
    try:
        yield store
    finally:
        store.close()
