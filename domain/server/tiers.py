"""How the knowledge base's sources are doing: retention tiers and fresh/stale buckets."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from datetime import datetime, timedelta

import attrs

from domain.retention import RetentionTier, TtlBucket, retention_score, retention_tier, ttl_bucket
from domain.source import Source
from domain.source_kind import SourceKind


@attrs.frozen
class SourceTiers:
    """Durable sources per retention tier; ephemeral and session sources per TTL bucket."""

    durable: dict[RetentionTier, int]
    ephemeral: dict[TtlBucket, int]
    session: dict[TtlBucket, int]


def source_tiers(
    sources: Iterable[Source], now: datetime, ephemeral_ttl: timedelta, session_ttl: timedelta
) -> SourceTiers:
    durable: Counter[RetentionTier] = Counter()
    ephemeral: Counter[TtlBucket] = Counter()
    session: Counter[TtlBucket] = Counter()
    for source in sources:
        if source.kind is SourceKind.DURABLE:
            durable[retention_tier(retention_score(source, now))] += 1
        elif source.kind is SourceKind.EPHEMERAL:
            ephemeral[ttl_bucket(source.indexed_at, ephemeral_ttl, now)] += 1
        else:
            session[ttl_bucket(source.indexed_at, session_ttl, now)] += 1
    return SourceTiers(dict(durable), dict(ephemeral), dict(session))
