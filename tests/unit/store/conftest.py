"""The knowledge-store contract runs against every adapter: in memory, SQLCipher on a tmp file
and PostgreSQL (a member of a fresh project on the test run's server)."""

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


def _postgres(request: pytest.FixtureRequest, clock: FixedClock) -> KnowledgeStore:
    from adapters.postgres.postgres_knowledge_store import PostgresKnowledgeStore

    member = request.getfixturevalue("team_server").member()
    return PostgresKnowledgeStore(member.url, member.project, clock=clock, pool_size=2)


@pytest.fixture(params=[*sorted(FACTORIES), "postgres"])
def store(
    request: pytest.FixtureRequest, tmp_path: Path, clock: FixedClock
) -> Iterator[KnowledgeStore]:
    if request.param == "postgres":
        instance = _postgres(request, clock)
    else:
        instance = FACTORIES[request.param](tmp_path, clock)
    yield instance
    instance.close()
