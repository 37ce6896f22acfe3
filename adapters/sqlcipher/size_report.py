"""The ``capy dbsize`` report: bytes per table (``dbstat`` if compiled in), kinds, top sources."""

from __future__ import annotations

from pathlib import Path

from adapters.sqlcipher.connection import Connection
from adapters.sqlcipher.errors import OperationalError
from adapters.sqlcipher.maintenance import pragma_int, vocabulary_size
from application.ports.store_inspector import KindUsage, SourceUsage, StoreSizeReport, TableSize
from domain.source_kind import SourceKind

# Row-counted tables; each FTS table also owns shadow tables named ``<table>_data`` etc.
_TABLES = (
    "sources",
    "chunk_owners",
    "chunk_texts",
    "chunks",
    "chunks_trigram",
    "vocabulary",
    "vocabulary_recent",
    "migrations",
)


def size_report(connection: Connection, path: Path, largest: int) -> StoreSizeReport:
    pages = _pages_per_table(connection)
    tables = tuple(
        TableSize(
            name=name,
            rows=connection.execute(f"SELECT count(*) FROM {name}").fetchone()[0],
            size_bytes=None if pages is None else pages.get(name, 0),
        )
        for name in _TABLES
    )
    kinds = tuple(
        KindUsage(SourceKind(kind), sources, chunks, size)
        for kind, sources, chunks, size in connection.execute(
            "SELECT kind, count(*), sum(chunk_count), sum(size_bytes) FROM sources "
            "GROUP BY kind ORDER BY kind"
        )
    )
    top = tuple(
        SourceUsage(label, SourceKind(kind), chunks, size)
        for label, kind, chunks, size in connection.execute(
            "SELECT label, kind, chunk_count, size_bytes FROM sources "
            "ORDER BY size_bytes DESC, id LIMIT ?",
            (largest,),
        )
    )
    wal = path.with_name(path.name + "-wal")
    return StoreSizeReport(
        location=str(path),
        file_bytes=path.stat().st_size,
        wal_bytes=wal.stat().st_size if wal.exists() else 0,
        page_size=pragma_int(connection, "page_size"),
        page_count=pragma_int(connection, "page_count"),
        free_pages=pragma_int(connection, "freelist_count"),
        vocabulary_size=vocabulary_size(connection),
        tables=tables,
        kinds=kinds,
        largest_sources=top,
    )


def _pages_per_table(connection: Connection) -> dict[str, int] | None:
    """Bytes per table including its indexes and FTS shadow tables; None without ``dbstat``."""
    try:
        rows = connection.execute(
            "SELECT d.name, m.tbl_name, sum(d.pgsize) FROM dbstat d "
            "LEFT JOIN sqlite_master m ON m.name = d.name GROUP BY d.name"
        ).fetchall()
    except OperationalError:
        return None
    sizes: dict[str, int] = {}
    for name, table, size in rows:
        owner = _owner(table or name)
        sizes[owner] = sizes.get(owner, 0) + size
    return sizes


def _owner(table: str) -> str:
    if table.startswith("chunks_trigram"):
        return "chunks_trigram"
    if table == "chunks" or table.startswith("chunks_"):
        return "chunks"
    return table
