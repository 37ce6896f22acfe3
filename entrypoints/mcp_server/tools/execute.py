"""``capy_execute`` and ``capy_execute_file``."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from application.use_cases.execute_request import ExecuteRequest
from application.use_cases.execute_with_intent import ExecuteWithIntent
from domain.server.usage import Origin, UsageLedger
from entrypoints.mcp_server import arguments
from entrypoints.mcp_server.replies import ToolReply

MAX_TIMEOUT_MS = 60 * 60 * 1000  # an hour: longer belongs in background mode


def timeout_ms(args: Mapping[str, Any], default: int | None = None) -> int | None:
    """The ``timeout`` argument in milliseconds, exactly as given; absent → ``default``."""
    value = arguments.integer(args, "timeout", 0, minimum=1, maximum=MAX_TIMEOUT_MS)
    return value or default


class ExecuteTool:
    """Runs code (``with_file``: over one file) and records the bytes the program produced."""

    def __init__(
        self,
        use_case: Callable[[], ExecuteWithIntent],
        ledger: UsageLedger,
        *,
        with_file: bool = False,
    ) -> None:
        self._use_case = use_case
        self._ledger = ledger
        self._with_file = with_file

    def __call__(self, args: Mapping[str, Any]) -> ToolReply:
        path = arguments.text(args, "path", required=True) if self._with_file else None
        request = ExecuteRequest(
            language=arguments.text(args, "language", required=True),
            code=arguments.text(args, "code", required=True),
            timeout_ms=timeout_ms(args),
            background=False if self._with_file else arguments.boolean(args, "background", False),
            file_path=path,
            intent=arguments.text(args, "intent"),
        )
        reply = self._use_case().execute(request)
        self._ledger.record_processed(Origin.SANDBOX, reply.produced_bytes)
        if reply.indexed_bytes:
            self._ledger.record_indexed(reply.indexed_bytes)
        return ToolReply(reply.text, reply.is_error)
