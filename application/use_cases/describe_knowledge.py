"""What the knowledge base holds: counts, size, and how its sources are aging."""

from __future__ import annotations

from datetime import timedelta

import attrs

from application.ports.clock import Clock
from application.ports.knowledge_store import KnowledgeStore, StoreStats
from domain.server.tiers import SourceTiers, source_tiers
from domain.settings import Settings

TIERS_UP_TO_SOURCES = 5_000  # above this the per-source scoring is not worth a stats call


@attrs.frozen
class KnowledgeOverview:
    stats: StoreStats
    tiers: SourceTiers | None  # None when there are too many sources to score quickly


class DescribeKnowledgeBase:
    """Store statistics plus retention tiers (durable) and fresh/stale buckets (ephemeral,
    session) under the configured TTLs."""

    def __init__(self, store: KnowledgeStore, settings: Settings, clock: Clock) -> None:
        self._store = store
        self._settings = settings
        self._clock = clock

    def execute(self) -> KnowledgeOverview:
        stats = self._store.stats()
        if sum(stats.sources_by_kind.values()) > TIERS_UP_TO_SOURCES:
            return KnowledgeOverview(stats, None)
        cleanup = self._settings.store.cleanup
        tiers = source_tiers(
            self._store.sources(),
            self._clock.now(),
            timedelta(hours=cleanup.ephemeral_ttl_hours),
            timedelta(days=cleanup.session_ttl_days),
        )
        return KnowledgeOverview(stats, tiers)
