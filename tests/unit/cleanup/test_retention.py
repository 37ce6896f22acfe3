"""Retention score and tiers, as capy has always computed them."""

from __future__ import annotations

import math
from datetime import UTC, datetime, timedelta

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from domain.content_type import ContentType
from domain.retention import (
    RetentionTier,
    TtlBucket,
    retention_score,
    retention_tier,
    salience,
    ttl_bucket,
)
from domain.source import Source
from domain.source_kind import SourceKind

NOW = datetime(2026, 6, 1, tzinfo=UTC)


def source(
    chunks: int = 4, code: int = 0, access: int = 0, age_days: float = 0, read_days_ago: float = 0
) -> Source:
    return Source(
        id=1,
        label="s",
        kind=SourceKind.DURABLE,
        content_type=ContentType.MARKDOWN,
        chunk_count=chunks,
        code_chunk_count=code,
        size_bytes=10,
        content_hash="h",
        indexed_at=NOW - timedelta(days=age_days),
        last_accessed_at=NOW - timedelta(days=read_days_ago),
        access_count=access,
    )


@pytest.mark.parametrize(
    ("chunks", "code", "access", "expected"),
    [
        (4, 0, 0, 0.5),
        (4, 2, 0, 0.6),
        (4, 4, 0, 0.7),
        (0, 0, 0, 0.5),
        (4, 0, 3, 0.56),
        (4, 4, 50, 0.9),
    ],
)
def test_salience(chunks: int, code: int, access: int, expected: float) -> None:
    assert salience(source(chunks, code, access)) == pytest.approx(expected)


def test_score_decays_and_recency_only_counts_once_read() -> None:
    assert retention_score(source(age_days=10), NOW) == pytest.approx(0.5 * math.exp(-0.45))
    read = source(access=1, age_days=10, read_days_ago=1)
    assert retention_score(read, NOW) == pytest.approx(0.52 * math.exp(-0.45) + 0.3 * 0.5)


def test_future_timestamps_clamp_to_zero_age() -> None:
    assert retention_score(source(age_days=-3), NOW) == pytest.approx(0.5)


def test_never_read_prose_becomes_evictable_after_about_27_days() -> None:
    assert retention_tier(retention_score(source(age_days=26), NOW)) is RetentionTier.COLD
    assert retention_tier(retention_score(source(age_days=28), NOW)) is RetentionTier.EVICTABLE


@pytest.mark.parametrize(
    ("score", "tier"),
    [
        (0.7, RetentionTier.HOT),
        (0.69, RetentionTier.WARM),
        (0.4, RetentionTier.WARM),
        (0.15, RetentionTier.COLD),
        (0.149, RetentionTier.EVICTABLE),
    ],
)
def test_tiers(score: float, tier: RetentionTier) -> None:
    assert retention_tier(score) is tier


@given(st.integers(0, 1000), st.floats(0, 3650), st.floats(0, 3650))
def test_score_stays_in_range(access: int, age: float, read: float) -> None:
    score = retention_score(source(access=access, age_days=age, read_days_ago=read), NOW)
    assert 0.0 <= score <= 0.9 + 0.3


def test_ttl_buckets() -> None:
    indexed = NOW - timedelta(hours=25)
    assert ttl_bucket(indexed, timedelta(hours=24), NOW) is TtlBucket.STALE
    assert ttl_bucket(indexed, timedelta(hours=26), NOW) is TtlBucket.FRESH
    assert attrs.has(Source)
