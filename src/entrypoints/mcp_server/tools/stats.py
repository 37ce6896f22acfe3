"""``capy_stats``."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from application.ports.clock import Clock
from application.ports.knowledge_store import KnowledgeStore, StoreStats
from domain.server.usage import UsageLedger
from entrypoints.mcp_server.replies import ToolReply
from entrypoints.mcp_server.stats_report import render_stats


class StatsTool:
    def __init__(
        self, ledger: UsageLedger, store: Callable[[], KnowledgeStore], clock: Clock
    ) -> None:
        self._ledger = ledger
        self._store = store
        self._clock = clock

    def __call__(self, arguments: Mapping[str, Any]) -> ToolReply:
        try:
            store: StoreStats | None = self._store().stats()
        except Exception:
            store = None
        return ToolReply(render_stats(self._ledger.snapshot(), store, self._clock.now()))
