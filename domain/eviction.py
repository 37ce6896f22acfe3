"""Which sources a cleanup removes, and why (pure: sources in, candidates out)."""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime, timedelta
from enum import StrEnum

import attrs

from domain.retention import COLD_AT, is_expired, retention_score
from domain.source import Source
from domain.source_kind import SourceKind


class EvictionReason(StrEnum):
    OVERSIZED = "oversized"
    RETENTION = "retention"
    TTL = "ttl"
    MANUAL = "manual"
    PURGE = "purge"  # every source of a kind, on request


@attrs.frozen
class EvictionPolicy:
    """The limits a cleanup applies (from ``store.max_source_bytes`` and ``store.cleanup.*``)."""

    max_source_bytes: int
    ephemeral_ttl: timedelta
    session_ttl: timedelta

    def ttl_of(self, kind: SourceKind) -> timedelta | None:
        return {SourceKind.EPHEMERAL: self.ephemeral_ttl, SourceKind.SESSION: self.session_ttl}.get(
            kind
        )


@attrs.frozen
class EvictionCandidate:
    """A source a cleanup removes (or would remove, on a dry run)."""

    source: Source
    reason: EvictionReason
    age: timedelta
    score: float | None = None  # retention score, for durable sources

    @property
    def label(self) -> str:
        return self.source.label

    @property
    def age_label(self) -> str:
        """``5.5h`` for an expiring kind younger than two days (hours matter there), else
        ``12d``."""
        short_lived = self.reason in (EvictionReason.TTL, EvictionReason.PURGE)
        if short_lived and self.age < timedelta(hours=48):
            return f"{self.age / timedelta(hours=1):.1f}h"
        return f"{self.age.days}d"


def candidate(source: Source, reason: EvictionReason, now: datetime) -> EvictionCandidate:
    score = retention_score(source, now) if source.kind is SourceKind.DURABLE else None
    age = max(timedelta(0), now - source.indexed_at)
    return EvictionCandidate(source=source, reason=reason, age=age, score=score)


def eviction_reason(source: Source, policy: EvictionPolicy, now: datetime) -> EvictionReason | None:
    """Why a full cleanup removes ``source``, or ``None`` to keep it. First reason wins."""
    if source.size_bytes > policy.max_source_bytes:
        return EvictionReason.OVERSIZED
    if source.kind is SourceKind.DURABLE:
        if source.access_count == 0 and retention_score(source, now) < COLD_AT:
            return EvictionReason.RETENTION
        return None
    ttl = policy.ttl_of(source.kind)
    if ttl is not None and is_expired(source.indexed_at, ttl, now):
        return EvictionReason.TTL
    return None


def select_evictions(
    sources: Iterable[Source],
    policy: EvictionPolicy,
    now: datetime,
    only_expired_kind: SourceKind | None = None,
) -> tuple[EvictionCandidate, ...]:
    """Candidates of a full cleanup, or only the expired sources of one kind when given."""
    chosen: list[EvictionCandidate] = []
    for source in sources:
        if only_expired_kind is not None:
            ttl = policy.ttl_of(source.kind)
            keep = (
                source.kind is not only_expired_kind
                or ttl is None
                or not is_expired(source.indexed_at, ttl, now)
            )
            if not keep:
                chosen.append(candidate(source, EvictionReason.TTL, now))
            continue
        reason = eviction_reason(source, policy, now)
        if reason is not None:
            chosen.append(candidate(source, reason, now))
    return tuple(chosen)
