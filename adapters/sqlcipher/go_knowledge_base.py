"""The Go capy's knowledge base read as it lies on disk (reference §3.2), read-only (ADR 0047).

Its layout: ``sources`` (label, kind, content type), and ``chunks`` — an FTS5 table holding
each section's title and text with its ``source_id`` and ``content_type`` (``code``/``prose``)
as unindexed columns. Files from before its ``kind`` column get the kinds its migration gave
them (``execute:``, ``file:`` and ``batch:`` labels ephemeral, the rest durable).
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

from adapters.sqlcipher.foreign_file import columns, open_read_only
from application.ports.foreign_knowledge_base import ForeignKnowledgeBase, ForeignSource
from domain.chunk import Chunk
from domain.content_type import ContentType
from domain.errors import InvalidInput
from domain.source_kind import SourceKind

KEY_HINT = "give the Go capy's key with --key or CAPY_DB_KEY (the passphrase it was started with)"
_CONTENT_TYPES = {
    "markdown": ContentType.MARKDOWN,
    "json": ContentType.JSON,
    "plaintext": ContentType.PLAINTEXT,
    "session": ContentType.TRANSCRIPT,
    "transcript": ContentType.TRANSCRIPT,
}
_EPHEMERAL_PREFIXES = ("execute:", "file:", "batch:")


class GoKnowledgeBase(ForeignKnowledgeBase):
    def __init__(self, path: Path, key: str | None) -> None:
        self._path = path
        self._connection = open_read_only(path, key, "knowledge base", KEY_HINT)
        try:
            self._has_kind = self._check()
        except BaseException:
            self._connection.close()
            raise

    def _check(self) -> bool:
        if columns(self._connection, "chunk_owners"):
            raise InvalidInput(
                f"{self._path} is a knowledge base of this capy, not the Go capy's",
                f"use it directly with `capy --db {self._path} …`",
            )
        found = columns(self._connection, "sources")
        if not {"id", "label", "content_type"} <= found or not {"source_id", "title"} <= columns(
            self._connection, "chunks"
        ):
            raise InvalidInput(
                f"{self._path} is not a capy knowledge base", "give the path of a knowledge.db"
            )
        return "kind" in found

    def count(self) -> int:
        return int(self._connection.execute("SELECT count(*) FROM sources").fetchone()[0])

    def sources(self) -> Iterator[ForeignSource]:
        kind = "kind" if self._has_kind else "NULL"
        meta = {
            row[0]: (row[1], row[2], row[3])
            for row in self._connection.execute(
                f"SELECT id, label, {kind}, content_type FROM sources ORDER BY id"
            )
        }
        # One pass over every section, grouped by source (sorted by SQLite, not in memory).
        rows = self._connection.execute(
            "SELECT CAST(source_id AS INTEGER), title, content, content_type FROM chunks "
            "ORDER BY CAST(source_id AS INTEGER), rowid"
        )
        current: int | None = None
        chunks: list[Chunk] = []
        for source_id, title, content, chunk_type in rows:
            if source_id != current:
                if current in meta:
                    yield self._source(meta.pop(current), chunks)
                current, chunks = source_id, []
            chunks.append(
                Chunk(title=title or "", content=content or "", has_code=chunk_type == "code")
            )
        if current in meta:
            yield self._source(meta.pop(current), chunks)
        for leftover in meta.values():  # sources without sections
            yield self._source(leftover, [])

    def _source(self, meta: tuple[str, str | None, str], chunks: list[Chunk]) -> ForeignSource:
        label, kind, content_type = meta
        return ForeignSource(
            label=label,
            kind=_kind(label, kind),
            content_type=_CONTENT_TYPES.get((content_type or "").lower(), ContentType.PLAINTEXT),
            chunks=tuple(chunks),
        )

    def close(self) -> None:
        self._connection.close()


def _kind(label: str, stored: str | None) -> SourceKind:
    if stored:
        try:
            return SourceKind(stored.strip().lower())
        except ValueError:
            return SourceKind.DURABLE
    return SourceKind.EPHEMERAL if label.startswith(_EPHEMERAL_PREFIXES) else SourceKind.DURABLE
