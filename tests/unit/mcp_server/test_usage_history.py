"""The usage ledger is written after every call, so stats survive the server that counted them."""

from __future__ import annotations

from datetime import UTC, date, datetime

import pytest

from adapters.memory.fixed_clock import FixedClock
from adapters.memory.in_memory_usage_store import InMemoryUsageStore
from application.use_cases.read_usage_history import ReadUsageHistory
from application.use_cases.record_usage import RecordUsage
from domain.server.usage import Origin, ToolUsage, UsageCounts, UsageLedger
from domain.server.usage_history import UsageSession

NOW = datetime(2026, 3, 1, 12, 0, tzinfo=UTC)


class FailingOnce(InMemoryUsageStore):
    def __init__(self) -> None:
        super().__init__()
        self.fail = True

    def add_usage(self, session_id: int, day: date, counts: UsageCounts, at: datetime) -> None:
        if self.fail:
            self.fail = False
            raise OSError("disk full")
        super().add_usage(session_id, day, counts, at)


def test_drain_hands_out_each_count_once() -> None:
    ledger = UsageLedger(NOW)
    ledger.record_reply("capy_execute", 10)
    ledger.record_processed(Origin.SANDBOX, 1_000)
    first = ledger.drain()
    assert first.total_calls == 1 and first.bytes_processed == 1_000
    assert ledger.drain().is_empty
    ledger.record_processed(Origin.CACHE, 5)
    assert ledger.drain() == UsageCounts(processed={Origin.CACHE: 5}, cache_hits=1)
    assert ledger.snapshot().counts.total_calls == 1  # the session's total is kept


def test_a_failed_write_is_kept_for_the_next_call() -> None:
    ledger, store = UsageLedger(NOW), FailingOnce()
    record = RecordUsage(ledger, store, FixedClock(NOW))
    ledger.record_reply("capy_execute", 10)
    with pytest.raises(OSError):
        record.execute()
    ledger.record_reply("capy_search", 3)
    record.execute()
    assert store.usage().tools == {
        "capy_execute": ToolUsage(1, 10),
        "capy_search": ToolUsage(1, 3),
    }


def test_a_server_that_answered_nothing_leaves_no_session() -> None:
    store = InMemoryUsageStore()
    record = RecordUsage(UsageLedger(NOW), store, FixedClock(NOW))
    record.execute()
    assert record.session_id is None and store.usage_sessions().count == 0


def test_history_of_this_session_today_and_all_time() -> None:
    store, clock = InMemoryUsageStore(), FixedClock(NOW)
    yesterday = store.start_usage_session(datetime(2026, 2, 28, 12, tzinfo=UTC))
    store.add_usage(
        yesterday, date(2026, 2, 28), UsageCounts({"capy_execute": ToolUsage(4, 40)}), NOW
    )
    ledger = UsageLedger(NOW)
    record = RecordUsage(ledger, store, clock)
    ledger.record_reply("capy_execute", 7)
    record.execute()
    history = ReadUsageHistory(store, clock).execute(record.session_id)
    assert isinstance(history.session, UsageSession) and history.session.id == record.session_id
    assert history.session_counts.total_calls == 1
    assert history.today.total_calls == 1  # the local day of NOW (UTC noon) in any time zone
    assert history.all_time.total_calls == 5
    assert history.sessions.count == 2
    latest = ReadUsageHistory(store, clock).execute()
    assert latest.session == history.session
