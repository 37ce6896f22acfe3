"""Other capys' knowledge bases held in memory, opened by path and key (use-case tests)."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from pathlib import Path

from application.ports.foreign_knowledge_base import (
    ForeignKnowledgeBase,
    ForeignKnowledgeBases,
    ForeignSource,
)
from domain.errors import InvalidInput, WrongKey


class InMemoryForeignKnowledgeBase(ForeignKnowledgeBase):
    def __init__(self, sources: Sequence[ForeignSource]) -> None:
        self._sources = tuple(sources)
        self.closed = False

    def count(self) -> int:
        return len(self._sources)

    def sources(self) -> Iterator[ForeignSource]:
        return iter(self._sources)

    def close(self) -> None:
        self.closed = True


class InMemoryForeignKnowledgeBases(ForeignKnowledgeBases):
    def __init__(self) -> None:
        self._bases: dict[Path, tuple[Sequence[ForeignSource], str | None]] = {}
        self.opened: list[InMemoryForeignKnowledgeBase] = []

    def add(self, path: Path, sources: Sequence[ForeignSource], key: str | None = "go key") -> None:
        self._bases[path] = (sources, key)

    def __call__(self, path: Path, key: str | None) -> ForeignKnowledgeBase:
        if path not in self._bases:
            raise InvalidInput(f"there is no knowledge base at {path}", "check the path")
        sources, wanted = self._bases[path]
        if wanted is not None and key != wanted:
            raise WrongKey(f"the key does not open the knowledge base {path}", "give its key")
        opened = InMemoryForeignKnowledgeBase(sources)
        self.opened.append(opened)
        return opened
