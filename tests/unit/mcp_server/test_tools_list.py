"""tools/list: nine tools with annotations, and the whole payload under 6 KB (the token tax)."""

from __future__ import annotations

import json

import pytest
from mcp import Client

pytestmark = pytest.mark.anyio

EXPECTED = {
    "capy_execute",
    "capy_execute_file",
    "capy_batch_execute",
    "capy_index",
    "capy_search",
    "capy_fetch_and_index",
    "capy_stats",
    "capy_doctor",
    "capy_cleanup",
}


async def test_lists_the_nine_tools(client: Client) -> None:
    listed = await client.list_tools()
    assert {tool.name for tool in listed.tools} == EXPECTED
    for tool in listed.tools:
        assert tool.description
        assert tool.annotations is not None
        assert tool.annotations.read_only_hint is not None


async def test_tools_list_payload_is_under_six_kilobytes(client: Client) -> None:
    listed = await client.list_tools()
    payload = json.dumps(
        [tool.model_dump(by_alias=True, exclude_none=True, mode="json") for tool in listed.tools],
        separators=(",", ":"),
    )
    assert len(payload.encode()) < 6 * 1024, len(payload.encode())


async def test_read_only_tools_are_marked(client: Client) -> None:
    listed = await client.list_tools()
    read_only = {t.name for t in listed.tools if t.annotations and t.annotations.read_only_hint}
    assert read_only == {"capy_search", "capy_stats", "capy_doctor"}


async def test_unknown_tool_is_an_error_result_not_a_protocol_error(client: Client) -> None:
    result = await client.call_tool("capy_nonexistent", {})
    assert result.is_error
    assert "capy_search" in result.content[0].text  # type: ignore[union-attr]


async def test_stats_before_any_call(client: Client) -> None:
    result = await client.call_tool("capy_stats", {})
    assert not result.is_error
    text = result.content[0].text  # type: ignore[union-attr]
    assert "No capy tool calls yet" in text
    assert "bytes / 4" in text
