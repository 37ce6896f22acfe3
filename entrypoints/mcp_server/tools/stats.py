"""``capy_stats``: this session, today and all time, and what the knowledge base holds."""

from __future__ import annotations

import sys
from collections.abc import Callable, Mapping
from typing import Any

from application.ports.clock import Clock
from application.use_cases.describe_knowledge import DescribeKnowledgeBase, KnowledgeOverview
from application.use_cases.read_usage_history import ReadUsageHistory
from application.use_cases.record_usage import RecordUsage
from domain.server.usage import UsageLedger
from domain.server.usage_history import UsageHistory
from entrypoints.mcp_server.replies import ToolReply
from entrypoints.mcp_server.stats_report import render_stats, this_session


class StatsTool:
    def __init__(
        self,
        ledger: UsageLedger,
        clock: Clock,
        *,
        describe: Callable[[], DescribeKnowledgeBase],
        record_usage: Callable[[], RecordUsage] | None = None,
        read_history: Callable[[], ReadUsageHistory] | None = None,
    ) -> None:
        self._ledger = ledger
        self._clock = clock
        self._describe = describe
        self._record_usage = record_usage
        self._read_history = read_history

    def __call__(self, arguments: Mapping[str, Any]) -> ToolReply:
        history = self._history()
        now = self._clock.now()
        usage = self._ledger.snapshot()
        session = this_session(usage.counts, usage.started_at, now)
        return ToolReply(render_stats(session, history, self._knowledge(), now=now))

    def _history(self) -> UsageHistory | None:
        """Today and all time, after writing this session's latest counts; None when the
        knowledge base cannot be read (the report says so)."""
        if self._record_usage is None or self._read_history is None:
            return None
        try:
            recorder = self._record_usage()
            recorder.execute()
            return self._read_history().execute(recorder.session_id)
        except Exception as error:
            print(f"capy: usage history unavailable: {error}", file=sys.stderr, flush=True)
            return None

    def _knowledge(self) -> KnowledgeOverview | None:
        """What the store holds; None when it cannot be opened (the report says so)."""
        try:
            return self._describe().execute()
        except Exception:
            return None
