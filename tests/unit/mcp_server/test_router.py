"""The router turns every failure into an isError reply and counts every reply's bytes."""

from __future__ import annotations

from collections.abc import Mapping
from datetime import UTC, datetime
from typing import Any

import pytest

from domain.errors import InvalidInput
from domain.server.usage import UsageLedger
from entrypoints.mcp_server.replies import ToolArgumentError, ToolReply
from entrypoints.mcp_server.router import ToolRouter


def _raises(error: Exception) -> Any:
    def handler(arguments: Mapping[str, Any]) -> ToolReply:
        raise error

    return handler


@pytest.mark.parametrize(
    ("error", "expected"),
    [
        (ToolArgumentError("missing required parameter: code"), "Invalid arguments: missing"),
        (InvalidInput("no such file: x", "check the path"), "What to do: check the path"),
        (RuntimeError("boom"), "internal error (RuntimeError: boom)"),
    ],
)
def test_failures_become_error_replies(error: Exception, expected: str) -> None:
    ledger = UsageLedger(started_at=datetime(2026, 1, 1, tzinfo=UTC))
    router = ToolRouter({"capy_x": _raises(error)}, ledger)
    reply = router("capy_x", {})
    assert reply.is_error and expected in reply.text
    assert ledger.snapshot().counts.tools["capy_x"].bytes_returned == len(reply.text.encode())


def test_a_tool_without_handler_is_an_error() -> None:
    router = ToolRouter({}, UsageLedger(started_at=datetime(2026, 1, 1, tzinfo=UTC)))
    assert router("capy_x", {}).is_error
