"""The knowledge-store contract runs against every adapter: in memory and SQLCipher on a tmp file."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from adapters.memory.fixed_clock import FixedClock
from adapters.memory.in_memory_knowledge_store import InMemoryKnowledgeStore
from application.ports.knowledge_store import KnowledgeStore

StoreFactory = Callable[[Path, FixedClock], KnowledgeStore]


def _memory(tmp_path: Path, clock: FixedClock) -> KnowledgeStore:
    return InMemoryKnowledgeStore(clock=clock)


FACTORIES: dict[str, StoreFactory] = {"memory": _memory}

try:
    from adapters.sqlcipher.sqlcipher_knowledge_store import SqlcipherKnowledgeStore

    def _sqlcipher(tmp_path: Path, clock: FixedClock) -> KnowledgeStore:
        return SqlcipherKnowledgeStore(path=tmp_path / "knowledge.db", key="k" * 32, clock=clock)

    FACTORIES["sqlcipher"] = _sqlcipher
except ImportError:  # the SQLCipher adapter lands after the in-memory one
    pass


@pytest.fixture
def clock() -> FixedClock:
    return FixedClock()


@pytest.fixture(params=sorted(FACTORIES))
def store(
    request: pytest.FixtureRequest, tmp_path: Path, clock: FixedClock
) -> Iterator[KnowledgeStore]:
    instance = FACTORIES[request.param](tmp_path, clock)
    yield instance
    instance.close()
