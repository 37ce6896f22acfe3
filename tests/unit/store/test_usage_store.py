"""The usage history contract, for the in-memory and the SQLCipher store alike."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from datetime import UTC, date, datetime, timedelta
from pathlib import Path

import pytest

from adapters.memory.in_memory_usage_store import InMemoryUsageStore
from adapters.sqlcipher.sqlcipher_knowledge_store import SqlcipherKnowledgeStore
from application.ports.usage_store import UsageStore
from domain.server.usage import Origin, ToolUsage, UsageCounts
from domain.server.usage_history import UsageSessions

T0 = datetime(2026, 3, 1, 9, 30, tzinfo=UTC)
DAY1, DAY2 = date(2026, 3, 1), date(2026, 3, 2)

FACTORIES: dict[str, Callable[[Path], UsageStore]] = {
    "memory": lambda _: InMemoryUsageStore(),
    "sqlcipher": lambda tmp: SqlcipherKnowledgeStore(tmp / "knowledge.db", "k" * 32),
}


@pytest.fixture(params=sorted(FACTORIES))
def store(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[UsageStore]:
    instance = FACTORIES[request.param](tmp_path)
    yield instance
    close = getattr(instance, "close", None)
    if close is not None:
        close()


def calls(tool: str, count: int, returned: int) -> UsageCounts:
    return UsageCounts(tools={tool: ToolUsage(count, returned)})


def test_an_empty_history_sums_to_nothing(store: UsageStore) -> None:
    assert store.usage() == UsageCounts()
    assert store.usage(day=DAY1) == UsageCounts()
    assert store.usage_sessions() == UsageSessions()
    assert store.usage_session(1) is None


def test_counts_add_up_by_session_by_day_and_over_everything(store: UsageStore) -> None:
    first = store.start_usage_session(T0)
    second = store.start_usage_session(T0 + timedelta(hours=30))
    store.add_usage(first, DAY1, calls("capy_execute", 1, 100), T0)
    store.add_usage(first, DAY1, calls("capy_execute", 2, 50), T0 + timedelta(minutes=5))
    store.add_usage(first, DAY2, calls("capy_search", 1, 10), T0 + timedelta(hours=20))
    store.add_usage(second, DAY2, calls("capy_execute", 1, 1), T0 + timedelta(hours=30))

    assert store.usage(session_id=first).tools == {
        "capy_execute": ToolUsage(3, 150),
        "capy_search": ToolUsage(1, 10),
    }
    assert store.usage(day=DAY2).tools == {
        "capy_search": ToolUsage(1, 10),
        "capy_execute": ToolUsage(1, 1),
    }
    assert store.usage(session_id=first, day=DAY1).total_calls == 3
    assert store.usage().total_calls == 5 and store.usage().bytes_returned == 161


def test_processed_bytes_cache_hits_and_indexed_bytes_survive(store: UsageStore) -> None:
    session = store.start_usage_session(T0)
    counts = UsageCounts(
        processed={Origin.SANDBOX: 50_000, Origin.CACHE: 8_000},
        bytes_indexed=42_000,
        cache_hits=1,
    )
    store.add_usage(session, DAY1, counts, T0)
    store.add_usage(session, DAY1, counts, T0)
    total = store.usage(session_id=session)
    assert total.processed == {Origin.SANDBOX: 100_000, Origin.CACHE: 16_000}
    assert total.bytes_indexed == 84_000 and total.cache_hits == 2


def test_sessions_know_their_span(store: UsageStore) -> None:
    first = store.start_usage_session(T0)
    later = store.start_usage_session(T0 + timedelta(days=3))
    store.add_usage(later, DAY2, calls("capy_stats", 1, 1), T0 + timedelta(days=3, hours=1))
    sessions = store.usage_sessions()
    assert sessions.count == 2 and sessions.first_started_at == T0
    assert sessions.latest is not None and sessions.latest.id == later != first
    assert sessions.latest.last_seen_at == T0 + timedelta(days=3, hours=1)
    found = store.usage_session(first)
    assert found is not None and found.started_at == found.last_seen_at == T0
