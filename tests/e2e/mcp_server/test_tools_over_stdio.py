"""Every tool of the installed ``capy serve``, driven over stdio by the official MCP client."""

from __future__ import annotations

import json
import os
import time
from pathlib import Path

import pytest
from mcp import Client, StdioServerParameters
from mcp_types import TextContent

pytestmark = pytest.mark.anyio

LOG_PROGRAM = """
import random
random.seed(7)
services = ["api", "worker", "scheduler", "billing", "auth"]
lines = []
for i in range(700):
    svc = services[i % len(services)]
    if i == 523:
        lines.append(f"2026-03-01T12:{i % 60:02d}:07Z ERROR billing invoice-sync failed: "
                     "stripe webhook signature mismatch for customer cus_8812")
    else:
        ms = random.randint(3, 900)
        lines.append(f"2026-03-01T12:{i % 60:02d}:07Z INFO {svc} GET /v1/{svc}/items/{i} "
                     f"200 {ms}ms request_id=req-{i:05d}")
print("\\n".join(lines))
"""


async def call(client: Client, tool: str, arguments: dict[str, object]) -> tuple[str, bool]:
    result = await client.call_tool(tool, arguments)
    content = result.content[0]
    assert isinstance(content, TextContent)
    return content.text, bool(result.is_error)


def _gone(pid: int, within: float = 20.0) -> bool:
    deadline = time.monotonic() + within
    while time.monotonic() < deadline:
        try:
            os.killpg(pid, 0)
        except ProcessLookupError:
            return True
        try:
            state = Path(f"/proc/{pid}/stat").read_text().split(") ")[1][0]
        except (OSError, IndexError):
            return True
        if state == "Z":
            return True
        time.sleep(0.1)
    return False


async def test_tool_list_names_this_machines_runtimes(server_params: StdioServerParameters) -> None:
    async with Client(server_params) as client:
        listed = await client.list_tools()
    execute = next(t for t in listed.tools if t.name == "capy_execute")
    assert "python" in (execute.description or "") and "shell" in (execute.description or "")
    payload = json.dumps(
        [t.model_dump(by_alias=True, exclude_none=True, mode="json") for t in listed.tools],
        separators=(",", ":"),
    )
    assert len(payload.encode()) < 6 * 1024


@pytest.mark.parametrize("with_key", [True, False], ids=["CAPY_DB_KEY", "key-file"])
async def test_every_tool_answers(
    server_params: StdioServerParameters, project: Path, with_key: bool
) -> None:
    if not with_key:
        env = dict(server_params.env or {})
        env.pop("CAPY_DB_KEY", None)
        server_params = server_params.model_copy(update={"env": env})
    (project / "notes.md").write_text("# Release\n\nShip on Friday after the canary passes.\n")
    async with Client(server_params) as client:
        text, is_error = await call(
            client, "capy_execute", {"language": "shell", "code": "echo hi; echo warn >&2"}
        )
        assert not is_error and "hi" in text and "stderr:\nwarn" in text
        text, is_error = await call(
            client,
            "capy_execute_file",
            {"path": "notes.md", "language": "python", "code": "print(len(FILE_CONTENT))"},
        )
        assert not is_error and text.strip().isdigit()
        text, is_error = await call(client, "capy_index", {"path": "notes.md"})
        assert not is_error and '"notes.md"' in text
        text, is_error = await call(client, "capy_search", {"queries": ["canary release"]})
        assert not is_error and "--- [notes.md] ---" in text
        text, is_error = await call(
            client,
            "capy_batch_execute",
            {
                "commands": [{"label": "listing", "command": "ls -la"}, "echo build ok"],
                "queries": ["notes.md", "build"],
            },
        )
        assert not is_error and "## notes.md" in text and "cmd_2" in text
        text, is_error = await call(
            client, "capy_fetch_and_index", {"url": "https://github.com/acme/app/pull/7"}
        )
        assert not is_error and "gh pr view 7" in text
        text, is_error = await call(client, "capy_stats", {})
        assert not is_error and "sandbox output" in text and "Knowledge base" in text
        text, _ = await call(client, "capy_doctor", {})
        assert text.startswith("## capy doctor")
        text, is_error = await call(client, "capy_cleanup", {})
        assert not is_error


async def test_intent_search_returns_a_small_reply_with_the_matching_section(
    server_params: StdioServerParameters,
) -> None:
    async with Client(server_params) as client:
        text, is_error = await call(
            client,
            "capy_execute",
            {
                "language": "python",
                "code": LOG_PROGRAM,
                "intent": "billing webhook signature error",
            },
        )
        assert not is_error
        assert len(text.encode()) < 2 * 1024  # from ~60 KB of output
        assert text.splitlines()[0].endswith("for the intent:")
        # the matching line itself, not a preview of the section's first lines
        assert "stripe webhook signature mismatch for customer cus_8812" in text
        label = text.splitlines()[-1].split('"')[1]
        assert label.startswith("execute:python:")
        first_title = text.split("\n### ", 1)[1].splitlines()[0]
        found, is_error = await call(
            client,
            "capy_search",
            {"queries": ["stripe webhook signature mismatch"], "source": label, "limit": 1},
        )
    assert not is_error
    assert "stripe webhook signature mismatch for customer cus_8812" in found
    # the section holding the error line is the first one the intent reply showed
    assert found.split("\n### ", 1)[1].splitlines()[0] == first_title


TABLE_PROGRAM = """
print(f"{'NAME':<24}{'READY':<8}{'STATUS':<19}{'RESTARTS':<10}AGE")
for i in range(36):
    status = "CrashLoopBackOff" if i in (9, 27) else "Running"
    print(f"{'web-7d9f-' + str(i):<24}{'1/1':<8}{status:<19}{i % 4:<10}{i + 1}d")
"""


async def test_a_small_table_with_an_intent_comes_back_as_its_header_and_matching_rows(
    server_params: StdioServerParameters,
) -> None:
    async with Client(server_params) as client:
        text, is_error = await call(
            client,
            "capy_execute",
            {"language": "python", "code": TABLE_PROGRAM, "intent": "pods crash looping"},
        )
    assert not is_error
    lines = text.splitlines()
    assert lines[0].endswith("The rows of its table that match the intent:")
    assert lines[2].split() == ["NAME", "READY", "STATUS", "RESTARTS", "AGE"]
    assert [line.split()[0] for line in lines if "CrashLoopBackOff" in line] == [
        "web-7d9f-9",
        "web-7d9f-27",
    ]
    assert "Running" not in text


async def test_ninth_search_in_a_minute_is_refused(server_params: StdioServerParameters) -> None:
    async with Client(server_params) as client:
        await call(client, "capy_index", {"content": "alpha beta gamma", "source": "greek"})
        replies = [await call(client, "capy_search", {"queries": ["alpha"]}) for _ in range(9)]
    assert all(not is_error for _, is_error in replies[:8])
    text, is_error = replies[8]
    assert is_error and "capy_batch_execute" in text


async def test_errors_come_back_as_tool_errors(
    server_params: StdioServerParameters, project: Path
) -> None:
    settings = project / ".claude" / "settings.json"
    settings.parent.mkdir()
    settings.write_text(json.dumps({"permissions": {"deny": ["Bash(git push:*)"]}}))
    async with Client(server_params) as client:
        text, is_error = await call(
            client, "capy_execute", {"language": "shell", "code": "echo ok && git push origin"}
        )
        assert is_error and "git push" in text
        text, is_error = await call(
            client, "capy_batch_execute", {"commands": ["git push"], "queries": ["x"]}
        )
        assert is_error and "git push" in text
        text, is_error = await call(client, "capy_search", {"queries": ["x"], "limit": "many"})
        assert is_error and "limit" in text
        text, is_error = await call(client, "capy_execute", {"language": "cobol", "code": "x"})
        assert is_error and "cobol" in text
        text, is_error = await call(client, "capy_frobnicate", {})
        assert is_error and "capy_search" in text
        text, is_error = await call(client, "capy_execute", {"language": "shell", "code": "exit 3"})
        assert is_error and "Exit code: 3" in text
        # still serving after all of that
        text, is_error = await call(
            client, "capy_execute", {"language": "shell", "code": "echo up"}
        )
        assert (text.strip(), is_error) == ("up", False)


async def test_shutdown_kills_background_process_groups(
    server_params: StdioServerParameters,
) -> None:
    async with Client(server_params) as client:
        text, is_error = await call(
            client,
            "capy_execute",
            {
                "language": "shell",
                "code": "echo started; sleep 300 & sleep 300",
                "timeout": 2000,
                "background": True,
            },
        )
        assert not is_error and "started" in text
        pid = int(text.rsplit("PID ", 1)[1].split(")")[0])
        os.killpg(pid, 0)  # alive while the server runs
    assert _gone(pid), "the background process group outlived the server"
