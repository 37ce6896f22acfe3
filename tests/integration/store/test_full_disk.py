"""A disk that fills while a document is stored: the user is told the disk is full (not that no
transaction is active), nothing of the document is kept, and the store goes on working."""

from __future__ import annotations

import hashlib
from collections.abc import Iterator
from pathlib import Path

import pytest

from adapters.sqlcipher.errors import OperationalError
from adapters.sqlcipher.sqlcipher_knowledge_store import SqlcipherKnowledgeStore
from domain.chunk import Chunk
from domain.content_type import ContentType
from domain.source import SourceDocument
from domain.source_kind import SourceKind
from tests.integration.store.helpers import open_store


def _document(label: str, count: int) -> SourceDocument:
    chunks = tuple(
        Chunk(title=f"part {i}", content=f"line {i} of the output request_{i:05d} " * 40)
        for i in range(count)
    )
    text = "".join(c.title + c.content for c in chunks)
    return SourceDocument(
        label=label,
        kind=SourceKind.DURABLE,
        content_type=ContentType.PLAINTEXT,
        content_hash=hashlib.sha256(text.encode()).hexdigest(),
        size_bytes=len(text.encode()),
        chunks=chunks,
        vocabulary=frozenset({"request", "output"}),
    )


@pytest.fixture
def store(tmp_path: Path) -> Iterator[SqlcipherKnowledgeStore]:
    opened = open_store(tmp_path / "k.db")
    yield opened
    opened.close()


def test_a_full_disk_while_a_document_is_stored_raises_that(
    store: SqlcipherKnowledgeStore,
) -> None:
    store.index(_document("small", 5))
    connection = store._pool.connection()
    pages = connection.execute("PRAGMA page_count").fetchone()[0]
    connection.execute(f"PRAGMA max_page_count = {pages + 40}")
    with pytest.raises(OperationalError, match="full"):
        store.index(_document("big", 2000))
    assert store.source_by_label("big") is None
    assert store.source_by_label("small") is not None
    connection.execute("PRAGMA max_page_count = 1073741823")
    assert store.index(_document("next", 3)).source.chunk_count == 3
