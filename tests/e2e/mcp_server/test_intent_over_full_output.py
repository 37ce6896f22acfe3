"""``capy_execute`` with an intent over stdio finds an error in the middle of a 1 MB log."""

from __future__ import annotations

import pytest
from mcp import Client, StdioServerParameters
from mcp_types import TextContent

from tests.integration.sandbox.test_full_output_for_intent import LOG_PROGRAM, NEEDLE

pytestmark = pytest.mark.anyio


async def test_intent_reply_holds_the_error_from_the_middle_of_the_log(
    server_params: StdioServerParameters,
) -> None:
    async with Client(server_params) as client:
        result = await client.call_tool(
            "capy_execute",
            {"language": "python", "code": LOG_PROGRAM, "intent": "ledger checksum mismatch"},
        )
        plain = await client.call_tool("capy_execute", {"language": "python", "code": LOG_PROGRAM})
    first, second = result.content[0], plain.content[0]
    assert isinstance(first, TextContent) and isinstance(second, TextContent)
    assert not result.is_error
    assert NEEDLE in first.text
    assert len(first.text.encode()) < 20_000
    assert NEEDLE not in second.text  # without an intent the reply is still head and tail
    assert len(second.text.encode()) < 110_000
