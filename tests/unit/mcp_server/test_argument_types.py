"""Text parameters must be strings: a number or a list is refused, never stringified."""

from __future__ import annotations

from typing import Any

import pytest
from mcp import Client

from adapters.memory.in_memory_sandbox import InMemorySandbox
from entrypoints.mcp_server import arguments
from entrypoints.mcp_server.replies import ToolArgumentError
from tests.unit.mcp_server.conftest import call

pytestmark = pytest.mark.anyio


@pytest.mark.parametrize(
    ("tool", "args", "name"),
    [
        ("capy_execute", {"language": "python", "code": 123}, "code"),
        ("capy_execute", {"language": "python", "code": "x", "intent": ["a"]}, "intent"),
        ("capy_execute_file", {"path": 7, "language": "python", "code": "x"}, "path"),
        ("capy_fetch_and_index", {"url": {"href": "https://x"}}, "url"),
        ("capy_index", {"content": 3.5}, "content"),
        ("capy_search", {"query": 42}, "query"),
    ],
)
async def test_non_string_text_is_an_argument_error(
    client: Client, sandbox: InMemorySandbox, tool: str, args: dict[str, Any], name: str
) -> None:
    text, is_error = await call(client, tool, args)
    assert is_error
    assert f"parameter {name} must be a string" in text
    assert sandbox.requests == []


def test_booleans_and_numbers_are_named_in_the_error() -> None:
    with pytest.raises(ToolArgumentError, match="must be a string, got a number"):
        arguments.text({"code": 123}, "code", required=True)
    with pytest.raises(ToolArgumentError, match="got true/false"):
        arguments.text({"code": True}, "code")
    assert arguments.text({"code": "print(1)"}, "code") == "print(1)"
