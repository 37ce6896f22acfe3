"""``capy_stats``."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from datetime import datetime, timedelta
from typing import Any

from application.ports.clock import Clock
from application.ports.knowledge_store import KnowledgeStore, StoreStats
from domain.server.tiers import SourceTiers, source_tiers
from domain.server.usage import UsageLedger
from domain.settings import Settings
from entrypoints.mcp_server.replies import ToolReply
from entrypoints.mcp_server.stats_report import render_stats

TIERS_UP_TO_SOURCES = 5_000  # above this the per-source scoring is not worth a stats call


class StatsTool:
    def __init__(
        self,
        ledger: UsageLedger,
        store: Callable[[], KnowledgeStore],
        clock: Clock,
        settings: Settings | None = None,
    ) -> None:
        self._ledger = ledger
        self._store = store
        self._clock = clock
        self._settings = settings or Settings()

    def __call__(self, arguments: Mapping[str, Any]) -> ToolReply:
        now = self._clock.now()
        return ToolReply(render_stats(self._ledger.snapshot(), *self._knowledge(now), now=now))

    def _knowledge(self, now: datetime) -> tuple[StoreStats | None, SourceTiers | None]:
        """What the store holds; (None, None) when it cannot be opened (the report says so)."""
        try:
            store = self._store()
            stats = store.stats()
        except Exception:
            return None, None
        if sum(stats.sources_by_kind.values()) > TIERS_UP_TO_SOURCES:
            return stats, None
        cleanup = self._settings.store.cleanup
        try:
            sources = store.sources()
        except Exception:
            return stats, None
        ttl_e = timedelta(hours=cleanup.ephemeral_ttl_hours)
        ttl_s = timedelta(days=cleanup.session_ttl_days)
        return stats, source_tiers(sources, now, ttl_e, ttl_s)
