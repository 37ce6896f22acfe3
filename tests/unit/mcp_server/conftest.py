"""An in-memory MCP client connected to capy's server built over in-memory adapters."""

from __future__ import annotations

from collections.abc import AsyncIterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
from mcp import Client

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
    server = build_server(composition.tools.specs(), composition.tools.router(), executor, "test")
    async with Client(server) as connected:
        yield connected
    executor.shutdown(wait=True)
