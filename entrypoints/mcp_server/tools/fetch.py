"""``capy_fetch_and_index``."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from application.use_cases.fetch_and_index import FetchAndIndex
from application.use_cases.fetch_request import FetchRequest
from domain.fetch.reply import CacheHitReply, FetchedReply
from domain.server.usage import Origin, UsageLedger
from entrypoints.mcp_server import arguments
from entrypoints.mcp_server.replies import ToolReply


class FetchTool:
    def __init__(self, use_case: Callable[[], FetchAndIndex], ledger: UsageLedger) -> None:
        self._use_case = use_case
        self._ledger = ledger

    def __call__(self, args: Mapping[str, Any]) -> ToolReply:
        request = FetchRequest(
            url=arguments.text(args, "url", required=True),
            source=arguments.text(args, "source") or None,
            force=arguments.boolean(args, "force", False),
            kind=arguments.text(args, "kind") or "ephemeral",
        )
        reply = self._use_case().execute(request)
        if isinstance(reply, FetchedReply):
            self._ledger.record_processed(Origin.FETCH, reply.fetched_bytes or reply.size_bytes)
            self._ledger.record_indexed(reply.size_bytes)
        elif isinstance(reply, CacheHitReply):
            self._ledger.record_processed(Origin.CACHE, reply.size_bytes)
        return ToolReply(reply.render())
