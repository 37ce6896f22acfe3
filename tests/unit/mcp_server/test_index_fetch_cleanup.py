"""capy_index, capy_fetch_and_index and capy_cleanup through the MCP client."""

from __future__ import annotations

from pathlib import Path

import pytest
from mcp import Client

from adapters.memory.in_memory_fetcher import InMemoryFetcher, ServedPage
from adapters.memory.in_memory_policy_source import InMemoryPolicySource
from domain.permissions.rules import policy_from_lists
from tests.unit.mcp_server.conftest import call

pytestmark = pytest.mark.anyio


async def test_index_content_defaults_its_label(client: Client) -> None:
    text, is_error = await call(client, "capy_index", {"content": "# Notes\n\nsome text"})
    assert not is_error
    assert 'Indexed 1 section (0 with code) as "indexed-content:' in text
    assert "durable" in text and "capy_search" in text
    other, _ = await call(client, "capy_index", {"content": "# Other notes\n\nmore text"})
    assert "replaced" not in other  # unnamed texts never replace each other


async def test_index_a_project_file_by_relative_path(client: Client, tmp_path: Path) -> None:
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "api.md").write_text("# API\n\n```py\ncall()\n```\n\n## Auth\n\ntoken\n")
    text, is_error = await call(client, "capy_index", {"path": "docs/api.md"})
    assert not is_error, text
    assert '"docs/api.md"' in text and "with code" in text
    stats, _ = await call(client, "capy_stats", {})
    assert "files indexed by path" in stats


async def test_index_refuses_paths_outside_the_project(client: Client, tmp_path: Path) -> None:
    outside = tmp_path.parent / "outside-secret.txt"
    outside.write_text("secret")
    (tmp_path / "link.txt").symlink_to(outside)
    for path in (str(outside), "../outside-secret.txt", "link.txt"):
        text, is_error = await call(client, "capy_index", {"path": path})
        assert is_error and "outside the project" in text


async def test_index_applies_read_deny_rules_to_the_canonical_path(
    client: Client, policy: InMemoryPolicySource, tmp_path: Path
) -> None:
    (tmp_path / ".env").write_text("API_KEY=1\n")
    policy.policy = policy_from_lists(deny=("Read(./.env)",))
    for path in (".env", "./.env", str(tmp_path / ".env"), "docs/../.env"):
        text, is_error = await call(client, "capy_index", {"path": path})
        assert is_error and "denied" in text, path


async def test_index_refuses_files_over_the_size_limit(client: Client, tmp_path: Path) -> None:
    (tmp_path / "big.log").write_bytes(b"x" * (2 * 1024 * 1024 + 1))
    text, is_error = await call(client, "capy_index", {"path": "big.log"})
    assert is_error and "store.max_source_bytes" in text


async def test_index_needs_content_or_path(client: Client) -> None:
    text, is_error = await call(client, "capy_index", {})
    assert is_error and "content" in text and "path" in text


async def test_fetch_indexes_and_a_second_fetch_is_a_cache_hit(
    client: Client, fetcher: InMemoryFetcher
) -> None:
    body = b"<html><body><h1>Guide</h1><p>Install with pip.</p></body></html>"
    fetcher.serve("https://docs.example.com/guide", ServedPage(body=body))
    text, is_error = await call(
        client, "capy_fetch_and_index", {"url": "https://docs.example.com/guide"}
    )
    assert not is_error, text
    assert "ephemeral" in text and "24h" in text
    text, is_error = await call(
        client, "capy_fetch_and_index", {"url": "https://docs.example.com/guide"}
    )
    assert not is_error and "Cache hit" in text
    stats, _ = await call(client, "capy_stats", {})
    assert "fetched pages" in stats and "re-fetches avoided" in stats


async def test_git_thread_urls_name_the_cli_instead(client: Client) -> None:
    text, is_error = await call(
        client, "capy_fetch_and_index", {"url": "https://github.com/o/r/issues/12"}
    )
    assert not is_error
    assert "Not fetched" in text and "gh issue view 12" in text


async def test_cleanup_options_that_exclude_each_other(client: Client) -> None:
    text, is_error = await call(
        client, "capy_cleanup", {"purge_ephemeral": True, "purge_session": True}
    )
    assert is_error and "cannot be combined" in text
    text, is_error = await call(client, "capy_cleanup", {"source": "x", "purge_session": True})
    assert is_error and "source cannot be combined" in text


async def test_cleanup_by_label_is_a_dry_run_unless_asked(client: Client) -> None:
    await call(client, "capy_index", {"content": "hello world", "source": "greeting"})
    text, is_error = await call(client, "capy_cleanup", {"source": "greeting"})
    assert not is_error and "would be removed" in text
    text, _ = await call(client, "capy_cleanup", {"source": "greeting", "dry_run": False})
    assert "was removed" in text
    text, is_error = await call(client, "capy_cleanup", {"source": "greeting"})
    assert is_error and "greeting" in text


async def test_cleanup_with_nothing_to_remove(client: Client) -> None:
    text, is_error = await call(client, "capy_cleanup", {})
    assert not is_error and text == "No evictable sources found."


async def test_stats_shows_tiers_and_doctor_lists_checks(client: Client) -> None:
    await call(client, "capy_index", {"content": "hello world", "source": "greeting"})
    text, _ = await call(client, "capy_stats", {})
    assert "Durable by retention:" in text
    assert "1 hot" in text or "1 warm" in text
    text, _ = await call(client, "capy_doctor", {})
    assert text.startswith("## capy doctor")
