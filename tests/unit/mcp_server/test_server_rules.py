"""The protocol-free rules of the server: throttling, usage counting, labels, tiers."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from hypothesis import given
from hypothesis import strategies as st

from domain.content_type import ContentType
from domain.retention import RetentionTier, TtlBucket
from domain.server.search_throttle import SearchThrottle
from domain.server.source_labels import batch_label, execute_label, file_label, output_hash
from domain.server.tiers import source_tiers
from domain.server.usage import Origin, UsageLedger
from domain.source import Source
from domain.source_kind import SourceKind

NOW = datetime(2026, 6, 1, tzinfo=UTC)


def test_throttle_window_starts_at_the_first_call_not_at_start_up() -> None:
    throttle = SearchThrottle()
    decisions = [throttle.admit(1000.0 + i, 5) for i in range(9)]
    assert [d.per_query_limit for d in decisions[:3]] == [5, 5, 5]
    assert all(d.per_query_limit == 1 for d in decisions[3:8])
    assert decisions[8].blocked
    assert decisions[2].warning and not decisions[1].warning


def test_throttle_window_restarts_a_minute_after_it_began() -> None:
    throttle = SearchThrottle()
    for i in range(9):
        throttle.admit(float(i), 3)
    fresh = throttle.admit(60.0, 3)
    assert (fresh.call_number, fresh.per_query_limit, fresh.blocked) == (1, 3, False)


def test_ledger_counts_processed_bytes_once_and_cache_hits() -> None:
    ledger = UsageLedger(started_at=NOW)
    ledger.record_processed(Origin.SANDBOX, 50_000)
    ledger.record_indexed(50_000)
    ledger.record_processed(Origin.CACHE, 8_000)
    ledger.record_reply("capy_execute", 1_000)
    usage = ledger.snapshot().counts
    assert usage.bytes_processed == 58_000
    assert usage.bytes_kept_out == 57_000
    assert usage.cache_hits == 1 and usage.total_calls == 1


@given(st.text(max_size=200), st.text(max_size=200))
def test_labels_are_the_same_for_the_same_output_only(first: str, second: str) -> None:
    assert execute_label("python", first) == execute_label("python", first)
    if first != second:  # 32 bits of SHA-256: a collision here would be a bug, not bad luck
        assert execute_label("python", first) != execute_label("python", second)
    assert execute_label("python", first).startswith("execute:python:")
    assert len(output_hash(first)) == 8


def test_file_and_batch_labels() -> None:
    assert file_label("logs/app.log", "x").startswith("file:logs/app.log:")
    label = batch_label(["tests", "lint" * 40], "out")
    assert label.startswith("batch:tests,lint")
    assert len(label.encode()) <= len("batch:") + 80 + 9


def _source(kind: SourceKind, age: timedelta, accesses: int = 0) -> Source:
    return Source(
        id=1,
        label="x",
        kind=kind,
        content_type=ContentType.MARKDOWN,
        chunk_count=2,
        code_chunk_count=0,
        size_bytes=100,
        content_hash="h",
        indexed_at=NOW - age,
        last_accessed_at=NOW - age,
        access_count=accesses,
    )


def test_tiers_sort_sources_by_kind() -> None:
    tiers = source_tiers(
        [
            _source(SourceKind.DURABLE, timedelta(0), accesses=10),
            _source(SourceKind.DURABLE, timedelta(days=400)),
            _source(SourceKind.EPHEMERAL, timedelta(hours=1)),
            _source(SourceKind.EPHEMERAL, timedelta(hours=30)),
            _source(SourceKind.SESSION, timedelta(days=3)),
        ],
        NOW,
        ephemeral_ttl=timedelta(hours=24),
        session_ttl=timedelta(days=60),
    )
    assert tiers.durable == {RetentionTier.HOT: 1, RetentionTier.EVICTABLE: 1}
    assert tiers.ephemeral == {TtlBucket.FRESH: 1, TtlBucket.STALE: 1}
    assert tiers.session == {TtlBucket.FRESH: 1}
