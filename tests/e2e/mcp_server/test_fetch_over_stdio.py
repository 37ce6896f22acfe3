"""capy_fetch_and_index end to end: a real page on 127.0.0.1 (allowed in the global config)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from mcp import Client, StdioServerParameters
from mcp_types import TextContent

from tests.support.one_page_site import one_page_site

pytestmark = pytest.mark.anyio

PAGE = b"""<html><head><title>Runbook</title><script>var x = 1;</script></head><body>
<nav>Home | Docs</nav>
<h1>Deploy runbook</h1>
<h2>Rollback</h2><p>Run <code>kubectl rollout undo deployment/api</code> when error rates rise.</p>
<h2>Canary</h2><p>Send five percent of traffic to the canary for ten minutes.</p>
</body></html>"""


@pytest.fixture
def site() -> Iterator[str]:
    with one_page_site(PAGE) as host:
        yield host


async def _call(client: Client, tool: str, arguments: dict[str, object]) -> tuple[str, bool]:
    result = await client.call_tool(tool, arguments)
    content = result.content[0]
    assert isinstance(content, TextContent)
    return content.text, bool(result.is_error)


async def test_fetch_indexes_a_page_then_serves_it_from_the_cache(
    server_params: StdioServerParameters, isolated_home: Path, site: str
) -> None:
    config = isolated_home / ".config" / "capy" / "config.toml"
    config.parent.mkdir(parents=True, exist_ok=True)
    config.write_text(f'[fetch]\nallow_private_hosts = ["{site}"]\n')
    url = f"http://{site}/runbook"
    async with Client(server_params) as client:
        text, is_error = await _call(client, "capy_fetch_and_index", {"url": url})
        assert not is_error, text
        assert "ephemeral" in text and "Deploy runbook" in text and "var x" not in text
        found, is_error = await _call(
            client, "capy_search", {"queries": ["rollback kubectl"], "source": url}
        )
        assert not is_error and "rollout undo" in found
        text, is_error = await _call(client, "capy_fetch_and_index", {"url": url})
        assert not is_error and "Cache hit" in text
        stats, _ = await _call(client, "capy_stats", {})
    assert "fetched pages" in stats and "re-fetches avoided" in stats


async def test_private_addresses_stay_refused_without_the_setting(
    server_params: StdioServerParameters, site: str
) -> None:
    async with Client(server_params) as client:
        text, is_error = await _call(client, "capy_fetch_and_index", {"url": f"http://{site}/"})
    assert is_error and "127.0.0.1" in text
