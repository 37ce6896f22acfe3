"""The cleanup report's wording, shared by ``capy cleanup`` and the ``capy_cleanup`` tool."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from application.use_cases.cleanup_report import CleanupMode, CleanupReport
from domain.content_type import ContentType
from domain.eviction import EvictionCandidate, EvictionReason
from domain.source import Source
from domain.source_kind import SourceKind

NOW = datetime(2026, 1, 1, tzinfo=UTC)


def _candidate(kind: SourceKind, reason: EvictionReason, age: timedelta) -> EvictionCandidate:
    source = Source(1, "x", kind, ContentType.PLAINTEXT, 1, 0, 10, "h", NOW, NOW, 0)
    return EvictionCandidate(source, reason, age)


def test_ttl_ages_under_two_days_are_in_hours() -> None:
    assert _candidate(SourceKind.EPHEMERAL, EvictionReason.TTL, timedelta(hours=30)).age_label == (
        "30.0h"
    )
    assert _candidate(
        SourceKind.DURABLE, EvictionReason.RETENTION, timedelta(days=40)
    ).age_label == ("40d")


def test_summary_names_only_reasons_that_occur() -> None:
    report = CleanupReport(
        mode=next(iter(CleanupMode)),
        dry_run=True,
        candidates=(
            _candidate(SourceKind.EPHEMERAL, EvictionReason.TTL, timedelta(hours=30)),
            _candidate(SourceKind.EPHEMERAL, EvictionReason.TTL, timedelta(days=3)),
            _candidate(SourceKind.DURABLE, EvictionReason.OVERSIZED, timedelta(days=1)),
        ),
    )
    assert report.reason_summary() == "1 oversized, 2 ephemeral (TTL)"
