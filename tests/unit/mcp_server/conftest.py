"""An in-memory MCP client connected to capy's server built over in-memory adapters."""

from __future__ import annotations

from collections.abc import AsyncIterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest
from mcp import Client
from mcp_types import TextContent

from adapters.memory.in_memory_fetcher import InMemoryFetcher
from adapters.memory.in_memory_policy_source import InMemoryPolicySource
from adapters.memory.in_memory_sandbox import InMemorySandbox
from entrypoints.containers.memory_adapters import MemoryAdapters
from entrypoints.containers.runtime import RuntimeOptions
from entrypoints.containers.server import ServerComposition
from entrypoints.mcp_server.protocol import build_server


@pytest.fixture
def composition(tmp_path: Path) -> ServerComposition:
    options = RuntimeOptions(
        project_dir=tmp_path,
        db=tmp_path / "knowledge.db",
        cwd=tmp_path,
        env={"HOME": str(tmp_path)},
    )
    composition = ServerComposition(options)
    composition.container.adapters.override(MemoryAdapters(core=composition.container.core))
    return composition


@pytest.fixture
async def client(composition: ServerComposition) -> AsyncIterator[Client]:
    executor = ThreadPoolExecutor(max_workers=2)
    server = build_server(composition.tools.specs(), composition.dispatch, executor, "test")
    async with Client(server) as connected:
        yield connected
    executor.shutdown(wait=True)


@pytest.fixture
def sandbox(composition: ServerComposition) -> InMemorySandbox:
    found = composition.container.adapters.sandbox()
    assert isinstance(found, InMemorySandbox)
    return found


@pytest.fixture
def policy(composition: ServerComposition) -> InMemoryPolicySource:
    found = composition.container.adapters.policy_source()
    assert isinstance(found, InMemoryPolicySource)
    return found


@pytest.fixture
def fetcher(composition: ServerComposition) -> InMemoryFetcher:
    found = composition.container.adapters.fetcher()
    assert isinstance(found, InMemoryFetcher)
    return found


async def call(client: Client, tool: str, arguments: dict[str, Any]) -> tuple[str, bool]:
    """The text and isError of one tool call."""
    result = await client.call_tool(tool, arguments)
    content = result.content[0]
    assert isinstance(content, TextContent)
    return content.text, bool(result.is_error)
