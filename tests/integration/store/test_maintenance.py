"""Merging, vacuuming and the size report on a real encrypted file."""

from __future__ import annotations

from pathlib import Path

from adapters.sqlcipher.sqlcipher_knowledge_store import SqlcipherKnowledgeStore
from domain.search_hit import SearchScope
from domain.source_kind import SourceKind
from tests.integration.store.helpers import KEY, document
from tests.unit.store.queries import words


def test_merges_vacuum_and_size_report(tmp_path: Path) -> None:
    store = SqlcipherKnowledgeStore(tmp_path / "knowledge.db", KEY, merge_every=3)
    ids = [
        store.index(document(f"doc-{n}", f"payload{n} " * 400 + "shared")).source.id
        for n in range(12)
    ]
    store.delete_sources(ids[:10])
    assert store.free_share() > 0

    store.compact()

    assert store.free_share() == 0
    assert not store.has_word(f"payload{0}")
    assert store.has_word("payload11")
    assert len(store.search(words("shared"), SearchScope(), 10)) == 2
    report = store.size_report(largest=1)
    assert [s.label for s in report.largest_sources] == ["doc-10"]
    assert {t.name: t.rows for t in report.tables}["chunk_owners"] == 2
    assert [(k.kind, k.sources) for k in report.kinds] == [(SourceKind.DURABLE, 2)]
    assert report.page_count * report.page_size <= report.file_bytes + report.wal_bytes
    store.close()
