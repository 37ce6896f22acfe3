"""The first ``capy serve`` on a machine the Go capy used: its knowledge base is migrated in
place and every source answers; nothing fails with "table … already exists"."""

from __future__ import annotations

from pathlib import Path

import pytest
from mcp import Client, StdioServerParameters
from mcp_types import TextContent

from entrypoints.go_migration import _is_go_knowledge_base, backup_of
from tests.e2e.test_go_migration import KEY, SOURCES, _go_home

pytestmark = pytest.mark.anyio


async def test_the_first_serve_migrates_the_go_knowledge_base(
    capy_bin: str, project: Path, server_env: dict[str, str], isolated_home: Path
) -> None:
    knowledge, _ = _go_home(isolated_home, project)
    params = StdioServerParameters(
        command=capy_bin,
        args=["--project-dir", str(project), "serve"],
        env={**server_env, "CAPY_DB_KEY": KEY, "CAPY_VAULT_KEY": KEY},
        cwd=str(project),
    )
    async with Client(params) as client:
        result = await client.call_tool(
            "capy_search", {"queries": ["canary rollout region7"], "limit": 3}
        )
        content = result.content[0]
        assert isinstance(content, TextContent)
        assert not result.is_error, content.text
        assert "already exists" not in content.text
        assert "[notes/" in content.text and "Deploy step" in content.text
        stats = await client.call_tool("capy_stats", {})
        text = stats.content[0]
        assert isinstance(text, TextContent)
        assert f"{SOURCES}" in text.text or "Sources" in text.text
    assert backup_of(knowledge).exists() and _is_go_knowledge_base(backup_of(knowledge), KEY)
    assert not _is_go_knowledge_base(knowledge, KEY)
