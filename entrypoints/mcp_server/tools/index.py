"""``capy_index``."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from application.use_cases.index_for_agent import AgentIndexRequest, IndexForAgent
from domain.chunking.utf8 import byte_len
from domain.server.usage import Origin, UsageLedger
from entrypoints.mcp_server import arguments
from entrypoints.mcp_server.replies import ToolReply


class IndexTool:
    def __init__(self, use_case: Callable[[], IndexForAgent], ledger: UsageLedger) -> None:
        self._use_case = use_case
        self._ledger = ledger

    def __call__(self, args: Mapping[str, Any]) -> ToolReply:
        request = AgentIndexRequest(
            content=arguments.text(args, "content"),
            path=arguments.text(args, "path"),
            source=arguments.text(args, "source"),
        )
        done = self._use_case().execute(request)
        if done.file_bytes:
            self._ledger.record_processed(Origin.FILE, done.file_bytes)
        self._ledger.record_indexed(done.file_bytes or byte_len(request.content))
        result = done.result
        noun = "section" if result.sections == 1 else "sections"
        what = f"{result.sections} {noun} ({result.code_sections} with code)"
        lines = [f'Indexed {what} as "{result.label}" ({result.kind.value}).']
        if result.already_indexed:
            lines = [f'"{result.label}" already held this content: {what}; nothing changed.']
        elif result.replaced:
            lines.append("It replaced the earlier content under this label.")
        if result.note:
            lines.append(f"Note: {result.note}.")
        lines.append(
            f'Search it with capy_search(queries: ["..."]); add source: "{result.label}" to '
            "search only this source."
        )
        return ToolReply("\n".join(lines))
