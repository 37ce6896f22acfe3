"""curl/wget that would print a download, and inline HTTP handed to an interpreter."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from domain.hooks.shell_http import floods_terminal, runs_inline_http


@pytest.mark.parametrize(
    ("command", "floods"),
    [
        ("curl https://example.com", True),
        ("curl -s https://example.com", True),
        ("curl -sSL https://example.com | jq .", True),
        ("curl -o page.html https://example.com", True),  # progress meter on stderr
        ("curl -sSo page.html https://example.com", False),
        ("curl -sSLo page.html https://example.com", False),
        ("curl -s --output page.html https://example.com", False),
        ("curl -s --output=page.html https://example.com", False),
        ("curl -sO https://example.com/f.tgz", False),
        ("curl -s https://example.com > page.html", False),
        ("curl https://example.com > page.html 2>/dev/null", False),
        ("curl -s -o - https://example.com", True),
        ("curl -s -o /dev/stdout https://example.com", True),
        ("curl -v -sSo page.html https://example.com", True),
        ("echo $(curl -s https://example.com)", True),
        ('echo "$(curl -s https://example.com)"', True),
        ("FOO=1 sudo curl https://example.com", True),
        ("/usr/bin/curl https://example.com", True),
        ("bash -c 'curl https://example.com'", True),
        ("wget https://example.com", True),
        ("wget -q https://example.com", False),
        ("wget -nv https://example.com", False),
        ("wget -qO- https://example.com", True),
        ("wget -qO- https://example.com > page.html", False),
        ("wget -O - https://example.com", True),
        ("git status && ls -la", False),
        ("echo 'curl https://example.com'", False),
        ("grep -r curl src/", False),
        ("cat <<'EOF' > notes.md\ncurl https://example.com\nEOF", False),
        ("", False),
    ],
)
def test_curl_and_wget(command: str, floods: bool) -> None:
    assert floods_terminal(command) is floods


@pytest.mark.parametrize(
    ("command", "inline"),
    [
        ("python3 -c \"import requests; print(requests.get('https://x.io').text)\"", True),
        ("node -e \"fetch('https://x.io').then(r => r.text()).then(console.log)\"", True),
        ("python3 - <<'EOF'\nimport urllib.request\nurllib.request.urlopen('http://x')\nEOF", True),
        ('ruby -e \'require "net/http"; puts Net::HTTP.get(URI("https://x.io"))\'', True),
        ("node -e \"require('https').get('https://x.io', r => r.pipe(process.stdout))\"", True),
        ("git commit -m 'switch to requests.get( for the client'", False),
        ("python3 fetch_data.py", False),
        ("python3 -c 'print(1)'", False),
        ("grep -rn 'requests.get(' src", False),
    ],
)
def test_inline_http(command: str, inline: bool) -> None:
    assert runs_inline_http(command) is inline


def test_unbalanced_quotes_still_route() -> None:
    assert floods_terminal('curl "https://example.com') is True
    assert floods_terminal("echo 'unterminated; curl x") is False


_words = st.text(alphabet="abcdefgh-_./=", min_size=1, max_size=8)
_separators = st.sampled_from([" ; ", " && ", " || ", " | ", "\n", " & "])


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=200))
def test_any_text_scans_without_error(text: str) -> None:
    assert isinstance(floods_terminal(text), bool)
    assert isinstance(runs_inline_http(text), bool)


@settings(max_examples=200, deadline=None)
@given(st.lists(st.lists(_words, min_size=1, max_size=3), max_size=3), _separators, st.booleans())
def test_a_printing_curl_is_found_among_any_commands(
    others: list[list[str]], separator: str, first: bool
) -> None:
    commands = [" ".join(words) for words in others if words[0] not in {"curl", "wget"}]
    curl = "curl https://example.com/data"
    line = separator.join([curl, *commands] if first else [*commands, curl])
    assert floods_terminal(line)
