"""The production container opens the encrypted store lazily and closes it at shutdown."""

from __future__ import annotations

from pathlib import Path

from application.ports.knowledge_store import KnowledgeStore
from application.ports.store_inspector import StoreInspector
from entrypoints.containers.applications import CliContainer
from entrypoints.containers.runtime import RuntimeOptions
from tests.integration.store.helpers import document


def test_container_store_round_trip(tmp_path: Path) -> None:
    db = tmp_path / "data" / "knowledge.db"
    options = RuntimeOptions(
        db=db, project_dir=tmp_path, cwd=tmp_path, env={"CAPY_DB_KEY": "k" * 40}
    )
    container = CliContainer(options=options)
    assert not db.exists()

    store = container.adapters.knowledge_store()
    assert isinstance(store, KnowledgeStore) and isinstance(store, StoreInspector)
    store.index(document("a", "alpha"))
    container.shutdown_resources()

    assert (
        not db.with_name("knowledge.db-wal").exists()
        or db.with_name("knowledge.db-wal").stat().st_size == 0
    )
    again = CliContainer(options=options)
    assert again.adapters.knowledge_store().source_by_label("a") is not None
    again.shutdown_resources()
