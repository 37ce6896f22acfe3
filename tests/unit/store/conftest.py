"""The knowledge-store contract runs against every adapter: in memory, SQLCipher on a tmp file
and PostgreSQL (a member of a fresh project on the test run's one server).

Each adapter is one entry of ``FACTORIES``: a function of a temporary directory and a clock that
returns the adapter's ``KnowledgeStore`` and its ``FileUpkeep`` (the same object when the store
keeps its own file, as both adapters here do). Every test taking the ``store`` or ``upkeep``
fixture runs once per entry; an adapter that needs a server adds its entry where the server can
be reached (and ``pytest.skip``\\s inside its factory when it cannot).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import attrs
import pytest

from adapters.memory.fixed_clock import FixedClock
from adapters.memory.in_memory_knowledge_store import InMemoryKnowledgeStore
from adapters.sqlcipher.sqlcipher_knowledge_store import SqlcipherKnowledgeStore
from application.ports.file_upkeep import FileUpkeep
from application.ports.knowledge_store import KnowledgeStore


@attrs.frozen
class StoreUnderTest:
    """One adapter's store and the upkeep of its storage."""

    store: KnowledgeStore
    upkeep: FileUpkeep


StoreFactory = Callable[[Path, FixedClock], StoreUnderTest]


def _memory(tmp_path: Path, clock: FixedClock) -> StoreUnderTest:
    store = InMemoryKnowledgeStore(clock=clock)
    return StoreUnderTest(store, store)


def _sqlcipher(tmp_path: Path, clock: FixedClock) -> StoreUnderTest:
    store = SqlcipherKnowledgeStore(path=tmp_path / "knowledge.db", key="k" * 32, clock=clock)
    return StoreUnderTest(store, store)


def _postgresql(tmp_path: Path, clock: FixedClock) -> StoreUnderTest:
    from adapters.postgres.postgres_knowledge_store import PostgresKnowledgeStore
    from tests.support.team import shared_team_server

    member = shared_team_server().member()
    store = PostgresKnowledgeStore(member.url, member.project, clock=clock, pool_size=2)
    return StoreUnderTest(store, store)


FACTORIES: dict[str, StoreFactory] = {
    "memory": _memory,
    "sqlcipher": _sqlcipher,
    "postgresql": _postgresql,
}


@pytest.fixture
def clock() -> FixedClock:
    return FixedClock()


@pytest.fixture(params=sorted(FACTORIES))
def adapter(
    request: pytest.FixtureRequest, tmp_path: Path, clock: FixedClock
) -> Iterator[StoreUnderTest]:
    under_test = FACTORIES[request.param](tmp_path, clock)
    yield under_test
    under_test.store.close()


@pytest.fixture
def store(adapter: StoreUnderTest) -> KnowledgeStore:
    return adapter.store


@pytest.fixture
def upkeep(adapter: StoreUnderTest) -> FileUpkeep:
    return adapter.upkeep
