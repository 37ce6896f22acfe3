"""StoreInspector port: where the knowledge database's bytes go (``capy dbsize``)."""

from __future__ import annotations

from typing import Protocol, runtime_checkable

import attrs

from domain.source_kind import SourceKind


@attrs.frozen
class TableSize:
    """One table; ``size_bytes`` is None when the database cannot measure pages per table."""

    name: str
    rows: int
    size_bytes: int | None


@attrs.frozen
class KindUsage:
    kind: SourceKind
    sources: int
    chunks: int
    content_bytes: int


@attrs.frozen
class SourceUsage:
    label: str
    kind: SourceKind
    chunks: int
    size_bytes: int


@attrs.frozen
class StoreSizeReport:
    location: str
    file_bytes: int
    wal_bytes: int
    page_size: int
    page_count: int
    free_pages: int
    vocabulary_size: int
    tables: tuple[TableSize, ...]
    kinds: tuple[KindUsage, ...]
    largest_sources: tuple[SourceUsage, ...]

    @property
    def reclaimable_bytes(self) -> int:
        return self.free_pages * self.page_size


@runtime_checkable
class StoreInspector(Protocol):
    """Reports the store's size by table, by source kind and for its largest sources."""

    def size_report(self, largest: int = 15) -> StoreSizeReport: ...
