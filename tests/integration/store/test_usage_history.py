"""The usage history in a real encrypted knowledge base: migration 0002 and concurrent writers."""

from __future__ import annotations

import threading
from datetime import UTC, datetime
from pathlib import Path

from adapters.memory.fixed_clock import FixedClock
from application.use_cases.record_usage import RecordUsage
from domain.server.usage import Origin, UsageLedger
from tests.integration.store.helpers import document, open_store

NOW = datetime(2026, 3, 1, 12, tzinfo=UTC)


def test_a_knowledge_base_from_before_the_history_gains_it_and_keeps_its_sources(
    tmp_path: Path,
) -> None:
    path = tmp_path / "knowledge.db"
    store = open_store(path)
    store.index(document("notes.md", "kept across the upgrade"))
    connection = store._pool.connection()
    connection.execute("DROP TABLE usage_counts")
    connection.execute("DROP TABLE usage_sessions")
    connection.execute("DELETE FROM migrations WHERE name = '0002_usage_ledger'")
    store.close()

    upgraded = open_store(path)
    try:
        assert [s.label for s in upgraded.sources()] == ["notes.md"]
        session = upgraded.start_usage_session(NOW)
        assert upgraded.usage_session(session) is not None
        names = [
            row[0] for row in upgraded._pool.connection().execute("SELECT name FROM migrations")
        ]
        assert "0002_usage_ledger" in names
    finally:
        upgraded.close()


def test_worker_threads_recording_at_once_lose_and_double_nothing(tmp_path: Path) -> None:
    store = open_store(tmp_path / "knowledge.db")
    ledger = UsageLedger(NOW)
    record = RecordUsage(ledger, store, FixedClock(NOW))

    def worker() -> None:
        for _ in range(25):
            ledger.record_reply("capy_execute", 100)
            ledger.record_processed(Origin.SANDBOX, 1_000)
            record.execute()

    threads = [threading.Thread(target=worker) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    try:
        total = store.usage()
        assert total.total_calls == 100 and total.bytes_returned == 10_000
        assert total.processed == {Origin.SANDBOX: 100_000}
        assert store.usage_sessions().count == 1
    finally:
        store.close()


def test_the_history_survives_reopening(tmp_path: Path) -> None:
    path = tmp_path / "knowledge.db"
    store = open_store(path)
    ledger = UsageLedger(NOW)
    ledger.record_reply("capy_search", 42)
    RecordUsage(ledger, store, FixedClock(NOW)).execute()
    store.close()
    again = open_store(path)
    try:
        assert again.usage().bytes_returned == 42
    finally:
        again.close()
