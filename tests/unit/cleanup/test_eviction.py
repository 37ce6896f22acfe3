"""Which sources a cleanup picks, as a pure function of sources, policy and time."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from domain.content_type import ContentType
from domain.eviction import EvictionPolicy, EvictionReason, eviction_reason, select_evictions
from domain.source import Source
from domain.source_kind import SourceKind

NOW = datetime(2026, 6, 1, tzinfo=UTC)
POLICY = EvictionPolicy(
    max_source_bytes=1000, ephemeral_ttl=timedelta(hours=24), session_ttl=timedelta(days=60)
)


def source(
    kind: SourceKind,
    size: int = 10,
    age: timedelta = timedelta(0),
    access: int = 0,
    label: str = "s",
) -> Source:
    return Source(
        id=1,
        label=label,
        kind=kind,
        content_type=ContentType.PLAINTEXT,
        chunk_count=1,
        code_chunk_count=0,
        size_bytes=size,
        content_hash="h",
        indexed_at=NOW - age,
        last_accessed_at=NOW - age,
        access_count=access,
    )


def test_oversized_wins_over_every_other_reason() -> None:
    old_big = source(SourceKind.EPHEMERAL, size=1001, age=timedelta(days=9))
    assert eviction_reason(old_big, POLICY, NOW) is EvictionReason.OVERSIZED
    assert eviction_reason(source(SourceKind.DURABLE, size=1000), POLICY, NOW) is None


def test_read_durable_sources_are_kept_however_old() -> None:
    old = timedelta(days=400)
    assert (
        eviction_reason(source(SourceKind.DURABLE, age=old), POLICY, NOW)
        is EvictionReason.RETENTION
    )
    assert eviction_reason(source(SourceKind.DURABLE, age=old, access=1), POLICY, NOW) is None


def test_ttl_boundaries() -> None:
    exactly = source(SourceKind.EPHEMERAL, age=timedelta(hours=24))
    past = source(SourceKind.EPHEMERAL, age=timedelta(hours=24, seconds=1))
    assert eviction_reason(exactly, POLICY, NOW) is None
    assert eviction_reason(past, POLICY, NOW) is EvictionReason.TTL
    read_session = source(SourceKind.SESSION, age=timedelta(days=61), access=9)
    assert eviction_reason(read_session, POLICY, NOW) is EvictionReason.TTL


def test_kind_purge_ignores_size_and_other_kinds() -> None:
    sources = [
        source(SourceKind.EPHEMERAL, size=5000, label="big-fresh"),
        source(SourceKind.EPHEMERAL, age=timedelta(days=2), label="old"),
        source(SourceKind.SESSION, age=timedelta(days=90), label="old-session"),
    ]
    picked = select_evictions(sources, POLICY, NOW, only_expired_kind=SourceKind.EPHEMERAL)
    assert [(c.label, c.reason) for c in picked] == [("old", EvictionReason.TTL)]
    assert picked[0].score is None and picked[0].age == timedelta(days=2)
