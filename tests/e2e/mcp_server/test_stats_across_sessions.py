"""A client that starts a server per session still sees what capy saved: this session, today
and all time come from the usage history in the knowledge base, in capy_stats and capy stats."""

from __future__ import annotations

import json
import re
import subprocess
from pathlib import Path

import pytest
from mcp import Client, StdioServerParameters
from mcp_types import TextContent

pytestmark = pytest.mark.anyio

GUIDE = "# Guide\n\n## Deploy\n\nDeploy with `make ship`.\n\n## Roll back\n\nRun `make undo`.\n"
NOISY = "for i in $(seq 1 3000); do echo line $i of a noisy build; done"


async def _call(client: Client, tool: str, arguments: dict[str, object]) -> str:
    result = await client.call_tool(tool, arguments)
    content = result.content[0]
    assert isinstance(content, TextContent) and not result.is_error, content
    return content.text


def _row(report: str, name: str) -> list[str]:
    line = next(x for x in report.splitlines() if x.startswith(f"| {name} |"))
    return [cell.strip() for cell in line.strip("|").split("|")][1:]


def _cli(capy_bin: str, params: StdioServerParameters, *args: str) -> str:
    done = subprocess.run(
        [capy_bin, *params.args[:2], *args],
        env=params.env,
        cwd=params.cwd,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    return done.stdout


async def test_a_new_server_reports_today_and_all_time_of_earlier_ones(
    server_params: StdioServerParameters, capy_bin: str
) -> None:
    async with Client(server_params) as client:  # the first session does the work
        await _call(
            client, "capy_execute", {"language": "shell", "code": NOISY, "intent": "line 2999"}
        )
    async with Client(server_params) as client:  # the next one only looks
        report = await _call(client, "capy_stats", {})
    assert "No capy tool calls yet in this session" in report
    this_session, today, all_time = _row(report, "Tool calls")
    assert (this_session, today, all_time) == ("0", "1", "1")
    processed = _row(report, "Processed by capy")
    assert processed[0] == "0 B" and processed[1] == processed[2] != "0 B"
    assert "All time: 2 sessions since" not in report  # the looking session wrote nothing yet
    assert "All time: 1 session since" in report

    text = _cli(capy_bin, server_params, "stats")
    assert text.startswith("capy — the last session (started")  # a table, not Markdown
    assert "|" not in text and "#" not in text
    # The stats call of the second session was written after its reply: 2 calls today.
    calls = next(x for x in text.splitlines() if x.startswith("Tool calls "))
    assert calls.split()[2:] == ["1", "2", "2"]
    data = json.loads(_cli(capy_bin, server_params, "stats", "--json"))
    assert data["all_time"]["tool_calls"] == 2 and data["all_time"]["sessions"] == 2
    assert data["all_time"]["tools"]["capy_execute"]["calls"] == 1
    produced = data["all_time"]["processed"]["sandbox output"]
    assert produced == len("".join(f"line {i} of a noisy build\n" for i in range(1, 3001)))
    assert data["last_session"]["tools"] == {
        "capy_stats": {"calls": 1, "bytes_returned": len(report.encode())}
    }
    assert data["knowledge_base"]["sources"]["ephemeral"] == 1


async def test_capy_sources_lists_and_filters_what_the_tools_indexed(
    server_params: StdioServerParameters, capy_bin: str, project: Path
) -> None:
    (project / "docs").mkdir()
    (project / "docs" / "guide.md").write_text(GUIDE)
    async with Client(server_params) as client:
        await _call(client, "capy_index", {"path": "docs/guide.md"})
        await _call(
            client, "capy_execute", {"language": "shell", "code": NOISY, "intent": "line 2999"}
        )
        await _call(client, "capy_index", {"content": "lunch menu: tomato soup", "source": "menu"})
        await _call(client, "capy_search", {"queries": ["make ship"]})
    listed = json.loads(_cli(capy_bin, server_params, "sources", "--json"))
    assert [(s["label"], s["kind"]) for s in listed][:2] == [
        ("menu", "durable"),  # the newest durable source first
        ("docs/guide.md", "durable"),
    ]
    assert listed[2]["kind"] == "ephemeral" and listed[2]["label"].startswith("execute:shell:")
    menu, guide = listed[0], listed[1]
    assert guide["content_type"] == "markdown" and guide["chunks"] == 2
    assert guide["bytes"] == len((project / "docs" / "guide.md").read_bytes())
    assert guide["access_count"] == 1 and guide["last_accessed_at"] is not None
    assert menu["access_count"] == 0 and menu["last_accessed_at"] is None
    only = json.loads(_cli(capy_bin, server_params, "sources", "--kinds", "ephemeral", "--json"))
    assert [s["kind"] for s in only] == ["ephemeral"]
    named = json.loads(_cli(capy_bin, server_params, "sources", "--label", "GUIDE", "--json"))
    assert [s["label"] for s in named] == ["docs/guide.md"]
    table = _cli(capy_bin, server_params, "sources")
    guide_row = next(line for line in table.splitlines() if "docs/guide.md" in line)
    assert "durable" in guide_row and "markdown" in guide_row and re.search(r"│\s+2 │", guide_row)
    menu_row = next(line for line in table.splitlines() if "menu" in line)
    assert menu_row.rstrip(" │").endswith("never")
    assert "3 sources (2 durable, 1 ephemeral)" in table
