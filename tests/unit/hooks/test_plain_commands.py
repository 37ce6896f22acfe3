"""A command line of plain words is routed without the shell reader, and nothing is missed."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from domain.hooks.guidance import Advisory
from domain.hooks.routing import _plainly_without_http, route_host_tool
from domain.hooks.shell_http import floods_terminal, runs_inline_http
from domain.hooks.tool_call import ToolCall

_SOME_WORDS = (
    "ls -la git status curl wget /usr/bin/curl python3 -c -e urllib.request ruby -ropen-uri "
    "ssh -o ProxyCommand=curl bash sudo env A=1 xargs https://x.io/a http.get Net::HTTP pwsh "
    "Invoke-WebRequest perl -MLWP::Simple node fetch make test --rsh=wget find . -exec + "
    "timeout 5 CURL"
)
_WORDS = st.sampled_from(_SOME_WORDS.split())


@given(st.lists(_WORDS, min_size=1, max_size=8))
def test_the_shortcut_is_taken_only_where_the_reader_finds_no_http(words: list[str]) -> None:
    command = " ".join(words)
    if _plainly_without_http(command):
        assert not floods_terminal(command)
        assert not runs_inline_http(command)


@pytest.mark.parametrize(
    "command",
    ["ls -la", "git status --short", "make test", "pytest -q tests/unit", "du -sh ./build"],
)
def test_plain_commands_get_the_bash_advice(command: str) -> None:
    assert _plainly_without_http(command)
    assert route_host_tool(ToolCall("Bash", {"command": command})) is Advisory.BASH


@pytest.mark.parametrize(
    "command",
    [
        "curl https://example.com",
        "ls | grep x",
        "echo 'a b'",
        "ls $HOME",
        "python3 -c urllib.request",
        "ssh -o ProxyCommand=curl host",
        "ls\ncurl x",
    ],
)
def test_anything_else_goes_to_the_reader(command: str) -> None:
    assert not _plainly_without_http(command)
