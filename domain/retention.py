"""Retention scoring for durable sources, and the fresh/stale buckets of expiring ones.

score = salience · exp(−DECAY_PER_DAY · days since indexed) + RECENCY_WEIGHT · recency

The constants are capy's long-standing ones, kept so existing knowledge bases age the same way:
- salience starts at 0.5 for prose, 0.6 for mixed and 0.7 for all-code sources — code is what
  agents look up again — plus 0.02 per access up to +0.2;
- a decay of 0.045/day halves an untouched source's salience in about 15 days;
- recency = 1/(1 + days since last access), only once a source has been read at all, so reading
  a source keeps it warm however old it is.
Tiers: hot ≥ 0.70, warm ≥ 0.40, cold ≥ 0.15, evictable below (cleanup also needs "never read").
"""

from __future__ import annotations

import math
from datetime import datetime, timedelta
from enum import StrEnum

from domain.source import Source

DECAY_PER_DAY = 0.045
RECENCY_WEIGHT = 0.3
SALIENCE_PROSE = 0.5
SALIENCE_MIXED = 0.6
SALIENCE_CODE = 0.7
ACCESS_BONUS_PER_READ = 0.02
ACCESS_BONUS_MAX = 0.2
HOT_AT = 0.70
WARM_AT = 0.40
COLD_AT = 0.15

_DAY = timedelta(days=1)


class RetentionTier(StrEnum):
    HOT = "hot"
    WARM = "warm"
    COLD = "cold"
    EVICTABLE = "evictable"


class TtlBucket(StrEnum):
    FRESH = "fresh"
    STALE = "stale"


def _days_between(earlier: datetime, now: datetime) -> float:
    return max(0.0, (now - earlier) / _DAY)


def salience(source: Source) -> float:
    if source.chunk_count > 0 and source.code_chunk_count == source.chunk_count:
        base = SALIENCE_CODE
    elif source.code_chunk_count > 0:
        base = SALIENCE_MIXED
    else:
        base = SALIENCE_PROSE
    return base + min(ACCESS_BONUS_MAX, ACCESS_BONUS_PER_READ * source.access_count)


def retention_score(source: Source, now: datetime) -> float:
    decayed = salience(source) * math.exp(-DECAY_PER_DAY * _days_between(source.indexed_at, now))
    recency = 0.0
    if source.access_count > 0:
        recency = 1.0 / (1.0 + _days_between(source.last_accessed_at, now))
    return decayed + RECENCY_WEIGHT * recency


def retention_tier(score: float) -> RetentionTier:
    if score >= HOT_AT:
        return RetentionTier.HOT
    if score >= WARM_AT:
        return RetentionTier.WARM
    if score >= COLD_AT:
        return RetentionTier.COLD
    return RetentionTier.EVICTABLE


def is_expired(indexed_at: datetime, ttl: timedelta, now: datetime) -> bool:
    """An expiring source is stale once its whole TTL has passed since it was indexed."""
    return indexed_at < now - ttl


def ttl_bucket(indexed_at: datetime, ttl: timedelta, now: datetime) -> TtlBucket:
    return TtlBucket.STALE if is_expired(indexed_at, ttl, now) else TtlBucket.FRESH
