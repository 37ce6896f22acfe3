"""2,000 tool calls over one stdio session: memory and open files stay flat, within budget."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from mcp import Client, StdioServerParameters
from mcp_types import TextContent

pytestmark = [pytest.mark.anyio, pytest.mark.slow]

CALLS = 2_000
FIRST_SAMPLE = 200
RSS_GROWTH_LIMIT_KB = 12 * 1024
RSS_BUDGET_KB = 80 * 1024  # the server's memory budget (DESIGN.md), after the whole soak
FD_GROWTH_LIMIT = 4


def rss_kb(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    raise AssertionError("no VmRSS line")


def open_fds(pid: int) -> int:
    return len(os.listdir(f"/proc/{pid}/fd"))


def _arguments(i: int) -> tuple[str, dict[str, object]]:
    step = i % 10
    if step < 4:
        return "capy_execute", {"language": "shell", "code": f"echo call {i}"}
    if step < 6:
        return "capy_index", {
            "content": f"# Note {i % 10}\n\nrevision {i} of the deployment checklist",
            "source": f"note-{i % 10}",
        }
    if step < 8:
        return "capy_search", {"queries": ["deployment checklist", "revision"]}
    return "capy_stats", {}


async def test_two_thousand_calls_keep_memory_and_files_flat(
    server_params: StdioServerParameters,
) -> None:
    samples: dict[int, tuple[int, int]] = {}
    async with Client(server_params) as client:
        result = await client.call_tool("capy_execute", {"language": "shell", "code": "echo $PPID"})
        first = result.content[0]
        assert isinstance(first, TextContent)
        pid = int(first.text.strip())
        rss_idle = rss_kb(pid)
        for i in range(1, CALLS + 1):
            tool, arguments = _arguments(i)
            result = await client.call_tool(tool, arguments)
            if tool != "capy_search":  # searches past the throttle are refused on purpose
                assert not result.is_error, (tool, result.content)
            if i in (FIRST_SAMPLE, CALLS):
                samples[i] = (rss_kb(pid), open_fds(pid))
    (rss_early, fds_early), (rss_late, fds_late) = samples[FIRST_SAMPLE], samples[CALLS]
    print(
        f"\nRSS idle {rss_idle} kB, after {FIRST_SAMPLE} calls {rss_early} kB, after {CALLS} "
        f"calls {rss_late} kB; open fds {fds_early} → {fds_late}"
    )
    assert rss_late - rss_early <= RSS_GROWTH_LIMIT_KB
    assert rss_late <= RSS_BUDGET_KB, f"server RSS {rss_late} kB is over the 80 MB budget"
    assert fds_late - fds_early <= FD_GROWTH_LIMIT
