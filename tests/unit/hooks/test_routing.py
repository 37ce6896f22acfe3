"""capy's routing of the host's own tools, without permission rules."""

from __future__ import annotations

import pytest

from domain.hooks.decision import NO_OPINION, Deny, ModifyInput
from domain.hooks.guidance import ROUTING_BLOCK, ROUTING_MARKER, Advisory
from domain.hooks.routing import capy_tool_name, route_host_tool, shell_command_text
from domain.hooks.tool_call import ToolCall


def test_routing_block_stays_small() -> None:
    # Paid in every session and every subagent prompt; the peer's is ~4.6 KB.
    assert len(ROUTING_BLOCK.encode()) < 2048
    assert ROUTING_BLOCK.startswith(ROUTING_MARKER)


def test_curl_is_rewritten_to_an_echo_keeping_the_other_fields() -> None:
    call = ToolCall(
        "Bash", {"command": "curl https://x.io", "description": "fetch", "timeout": 5000}
    )
    decision = route_host_tool(call)
    assert isinstance(decision, ModifyInput)
    assert decision.replaces_denial
    assert decision.arguments["description"] == "fetch"
    assert decision.arguments["timeout"] == 5000
    assert decision.arguments["command"].startswith("echo '")
    assert "capy_fetch_and_index" in decision.arguments["command"]


def test_inline_http_is_rewritten() -> None:
    decision = route_host_tool(
        ToolCall("Bash", {"command": "python3 -c 'import requests; requests.get(\"http://x\")'"})
    )
    assert isinstance(decision, ModifyInput)
    assert "capy_execute" in decision.reason


def test_plain_bash_read_and_grep_get_advice() -> None:
    assert route_host_tool(ToolCall("Bash", {"command": "ls"})) is Advisory.BASH
    assert route_host_tool(ToolCall("Read", {"file_path": "/a"})) is Advisory.READ
    assert route_host_tool(ToolCall("Grep", {"pattern": "x"})) is Advisory.GREP


def test_web_fetch_is_denied_with_capy_alternative() -> None:
    decision = route_host_tool(ToolCall("WebFetch", {"url": "https://docs.python.org/3/"}))
    assert isinstance(decision, Deny)
    assert 'capy_fetch_and_index(url: "https://docs.python.org/3/")' in decision.reason


def test_web_fetch_of_a_pull_request_names_the_cli_not_capy_fetch() -> None:
    decision = route_host_tool(ToolCall("WebFetch", {"url": "https://github.com/octo/app/pull/12"}))
    assert isinstance(decision, Deny)
    assert "gh pr view 12 --repo octo/app" in decision.reason
    assert "capy_fetch_and_index" not in decision.reason


def test_capy_fetch_of_an_issue_is_denied_with_the_cli() -> None:
    decision = route_host_tool(
        ToolCall("mcp__capy__capy_fetch_and_index", {"url": "https://gitlab.com/g/p/-/issues/4"})
    )
    assert isinstance(decision, Deny)
    assert "glab issue view 4" in decision.reason
    assert (
        route_host_tool(
            ToolCall("mcp__capy__capy_fetch_and_index", {"url": "https://docs.python.org"})
        )
        is NO_OPINION
    )


def test_subagent_prompt_gets_the_block_on_its_own_lines() -> None:
    decision = route_host_tool(
        ToolCall("Agent", {"prompt": "Find callers", "subagent_type": "Bash", "model": "x"})
    )
    assert isinstance(decision, ModifyInput)
    assert not decision.replaces_denial
    assert decision.arguments["prompt"] == f"Find callers\n\n{ROUTING_BLOCK}"
    assert decision.arguments["subagent_type"] == "general-purpose"
    assert decision.arguments["model"] == "x"


def test_subagent_prompt_is_not_briefed_twice() -> None:
    prompt = f"Find callers\n\n{ROUTING_BLOCK}"
    assert route_host_tool(ToolCall("Task", {"prompt": prompt})) is NO_OPINION


def test_unknown_tools_and_odd_input_get_no_opinion() -> None:
    assert route_host_tool(ToolCall("Edit", {"file_path": "/a"})) is NO_OPINION
    assert route_host_tool(ToolCall("Bash", {"command": 42})) is NO_OPINION
    assert route_host_tool(ToolCall("Agent", {"prompt": None})) is NO_OPINION


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        ("capy_execute", "capy_execute"),
        ("mcp__capy__capy_execute", "capy_execute"),
        ("mcp__plugin_capy_capy__capy_search", "capy_search"),
        ("MCP:capy_batch_execute", "capy_batch_execute"),
        ("mcp__other__execute", None),
        ("mycapy_tool", None),
        ("Bash", None),
    ],
)
def test_capy_tool_names(name: str, expected: str | None) -> None:
    assert capy_tool_name(name) == expected


def test_codex_command_arrays() -> None:
    assert shell_command_text({"command": ["bash", "-lc", "curl x"]}) == "curl x"
    assert shell_command_text({"command": ["ls", "-la"]}) == "ls -la"
