"""Opening real encrypted stores in temporary directories."""

from __future__ import annotations

import hashlib
from pathlib import Path

from adapters.sqlcipher.sqlcipher_knowledge_store import SqlcipherKnowledgeStore
from domain.chunk import Chunk
from domain.content_type import ContentType
from domain.source import SourceDocument
from domain.source_kind import SourceKind

KEY = "correct horse battery staple 'quoted' \"double\""


def open_store(
    path: Path, key: str = KEY, warnings: list[str] | None = None
) -> SqlcipherKnowledgeStore:
    sink = warnings if warnings is not None else []
    return SqlcipherKnowledgeStore(path, key, on_warning=sink.append)


def document(label: str, text: str, kind: SourceKind = SourceKind.DURABLE) -> SourceDocument:
    return SourceDocument(
        label=label,
        kind=kind,
        content_type=ContentType.PLAINTEXT,
        content_hash=hashlib.sha256(text.encode()).hexdigest(),
        size_bytes=len(text.encode()),
        chunks=(Chunk(title="Output", content=text),),
        vocabulary=frozenset(text.lower().split()),
    )


def fingerprint(directory: Path) -> dict[str, str]:
    """Every file in the directory and the SHA-256 of its bytes."""
    return {
        entry.name: hashlib.sha256(entry.read_bytes()).hexdigest()
        for entry in sorted(directory.iterdir())
        if entry.is_file()
    }


def damage_first_page(path: Path) -> None:
    """What a crash or a bad disk does to a database: its first page overwritten with zeros,
    the rest of the encrypted pages still in place."""
    with path.open("r+b") as handle:
        handle.write(bytes(4096))
