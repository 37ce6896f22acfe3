"""Two ``capy serve`` processes, two members of one team project: what one fetches and indexes
the other finds; a member of another project finds nothing of it."""

from __future__ import annotations

import os
import secrets
from collections.abc import Iterator
from pathlib import Path

import pytest
from mcp import Client, StdioServerParameters
from mcp_types import TextContent

from tests.support.one_page_site import one_page_site
from tests.support.team import Member, TeamServerForTests

pytestmark = pytest.mark.anyio

PAGE = b"""<html><head><title>Incident runbook</title></head><body>
<h1>Incident runbook</h1>
<h2>Failover</h2><p>Promote the standby with <code>patronictl failover --candidate db-2</code>
when the primary stops answering for thirty seconds.</p>
</body></html>"""


@pytest.fixture
def site() -> Iterator[str]:
    with one_page_site(PAGE) as host:
        yield host


def _machine(
    tmp_path: Path, name: str, member: Member, capy_bin: str, site: str
) -> StdioServerParameters:
    """One developer's machine: its own home, its own clone of the project, its own key."""
    home = tmp_path / name
    config = home / ".config" / "capy" / "config.toml"
    config.parent.mkdir(parents=True)
    config.write_text(f'[fetch]\nallow_private_hosts = ["{site}"]\n', encoding="utf-8")
    clone = home / "shop"
    (clone / ".capy").mkdir(parents=True)
    (clone / ".git").mkdir()
    (clone / ".capy" / "config.toml").write_text(
        f'[team]\nproject = "{member.project}"\n', encoding="utf-8"
    )
    env = {
        "HOME": str(home),
        "XDG_CONFIG_HOME": str(home / ".config"),
        "XDG_DATA_HOME": str(home / ".local" / "share"),
        "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
        "LANG": "C.UTF-8",
        "CAPY_DB_KEY": secrets.token_urlsafe(24),
        "CAPY_TEAM_URL": member.url,
    }
    return StdioServerParameters(
        command=capy_bin, args=["--project-dir", str(clone), "serve"], env=env, cwd=str(clone)
    )


async def _call(client: Client, tool: str, arguments: dict[str, object]) -> tuple[str, bool]:
    result = await client.call_tool(tool, arguments)
    content = result.content[0]
    assert isinstance(content, TextContent)
    return content.text, bool(result.is_error)


async def test_what_one_member_fetches_the_other_finds(
    team_server: TeamServerForTests, tmp_path: Path, capy_bin: str, site: str
) -> None:
    alice = team_server.member()
    bob = team_server.member(project=alice.project)
    mallory = team_server.member()
    url = f"http://{site}/runbook"
    async with Client(_machine(tmp_path, "alice", alice, capy_bin, site)) as client:
        text, is_error = await _call(
            client, "capy_fetch_and_index", {"url": url, "kind": "durable"}
        )
        assert not is_error, text
    async with Client(_machine(tmp_path, "bob", bob, capy_bin, site)) as client:
        found, is_error = await _call(client, "capy_search", {"queries": ["failover standby"]})
        assert not is_error, found
        assert "patronictl failover" in found and f"team:{url}" in found
    async with Client(_machine(tmp_path, "mallory", mallory, capy_bin, site)) as client:
        found, is_error = await _call(client, "capy_search", {"queries": ["failover standby"]})
        assert "patronictl" not in found
