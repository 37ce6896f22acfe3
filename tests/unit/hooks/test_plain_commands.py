"""A command line that cannot name curl, wget or an HTTP call is routed without the shell
reader, and nothing the reader would find is missed."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from domain.hooks.guidance import Advisory
from domain.hooks.routing import _cannot_reach_http, route_host_tool
from domain.hooks.shell_http import floods_terminal, runs_inline_http
from domain.hooks.tool_call import ToolCall

_SOME_WORDS = (
    "ls -la git status curl wget /usr/bin/curl python3 -c -e urllib.request ruby -ropen-uri "
    "ssh -o ProxyCommand=curl bash sudo env A=1 xargs https://x.io/a http.get Net::HTTP pwsh "
    "Invoke-WebRequest perl -MLWP::Simple node fetch make test --rsh=wget find . -exec + "
    "timeout 5 CURL"
)
_WORDS = st.sampled_from(_SOME_WORDS.split())
# Pieces that spell the names only once the shell has read them: quotes, escapes, line
# continuations, variables, ANSI-C strings, heredocs, nested shells, interpreter code.
_PIECES = st.sampled_from(
    (
        "c",
        "u",
        "r",
        "l",
        "cu",
        "rl",
        "wg",
        "et",
        "req",
        "uests.get(",
        "requests.get(",
        "fetch('https://x')",
        "'",
        '"',
        "\\",
        "\\\n",
        "$",
        "$a",
        "${a}",
        "a=cu",
        "a=rl",
        "b=wg",
        "$'\\x63url'",
        "$'\\143'",
        "$(",
        ")",
        "`",
        "=",
        " ",
        ";",
        "|",
        "&&",
        "\n",
        "<<E\n",
        "\nE\n",
        "bash -c ",
        "sh <<'E'\n",
        "python3 -c ",
        "node -e ",
        "eval ",
        "sudo ",
        "alias g=",
        " https://x.io",
        "ſ",
        "K",
        "ı",
    )
)


@given(st.lists(_WORDS, min_size=1, max_size=8))
def test_the_shortcut_is_taken_only_where_the_reader_finds_no_http(words: list[str]) -> None:
    command = " ".join(words)
    if _cannot_reach_http(command):
        assert not floods_terminal(command)
        assert not runs_inline_http(command)


@settings(max_examples=400)
@given(st.lists(_PIECES, min_size=1, max_size=14))
def test_no_spelling_of_a_download_slips_past_the_shortcut(pieces: list[str]) -> None:
    command = "".join(pieces)
    if _cannot_reach_http(command):
        assert not floods_terminal(command)
        assert not runs_inline_http(command)


@pytest.mark.parametrize(
    "command",
    [
        "ls -la",
        "git status --short",
        "make test",
        "pytest -q tests/unit",
        "du -sh ./build",
        "ls $HOME",
        "git log --format='%h %s' | head -5",
        'for f in *.py; do echo "$(wc -l < $f) $f"; done',
        "cat <<'EOF' > notes.md\nsome notes\nEOF",
    ],
)
def test_commands_that_cannot_download_get_the_bash_advice(command: str) -> None:
    assert _cannot_reach_http(command)
    assert route_host_tool(ToolCall("Bash", {"command": command})) is Advisory.BASH


@pytest.mark.parametrize(
    "command",
    [
        "curl https://example.com",
        "c'u'rl https://example.com",
        'c"ur"l https://example.com',
        "cu\\rl https://example.com",
        "cu\\\nrl https://example.com",
        "a=cu; ${a}rl https://example.com",
        "$'\\x63url' https://example.com",
        "python3 -c urllib.request",
        'python3 -c "import requests; requests.get(u)"',
        "ssh -o ProxyCommand=curl host",
        "ls\ncurl x",
        "WGET x",
        "python3 -c 'requeſts.get(u)'",
    ],
)
def test_anything_that_may_name_one_goes_to_the_reader(command: str) -> None:
    assert not _cannot_reach_http(command)
