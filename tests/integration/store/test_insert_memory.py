"""Storing a source binds its chunk rows one at a time: no list of a row per chunk, three times
over, is alive while the statements run (nor left behind in the interpreter's free lists)."""

from __future__ import annotations

import tracemalloc
from pathlib import Path

from adapters.memory.fixed_clock import FixedClock
from adapters.sqlcipher.sqlcipher_knowledge_store import SqlcipherKnowledgeStore
from tests.unit.store.documents import document

CHUNKS = 4_000


def _peak_while_indexing(store: SqlcipherKnowledgeStore, label: str) -> int:
    chunks = [(f"t{i}", f"c{i}") for i in range(CHUNKS)]
    doc = document(label, *chunks)
    tracemalloc.start()
    try:
        tracemalloc.reset_peak()
        base = tracemalloc.get_traced_memory()[0]
        store.index(doc)
        return tracemalloc.get_traced_memory()[1] - base
    finally:
        tracemalloc.stop()


def test_the_insert_holds_no_row_per_chunk(tmp_path: Path) -> None:
    store = SqlcipherKnowledgeStore(path=tmp_path / "k.db", key="k" * 32, clock=FixedClock())
    try:
        _peak_while_indexing(store, "warm")  # statements prepared, tables created
        peak = _peak_while_indexing(store, "measured")
        stored = store.source_by_label("measured")
        assert stored is not None and stored.chunk_count == CHUNKS
        # The chunk ids (an int each, in one list) are the only per-chunk objects kept: ~41
        # bytes a chunk. The lists of row tuples they replace made it ~153.
        assert peak < 80 * CHUNKS, f"{peak / CHUNKS:.0f} bytes a chunk"
    finally:
        store.close()
