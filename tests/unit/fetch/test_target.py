from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from domain.errors import ConfigError
from domain.fetch.errors import FetchRefused
from domain.fetch.screening import PrivateHostAllowList, screen_target
from domain.fetch.target import FetchTarget, normalise_host, parse_target


@pytest.mark.parametrize(
    ("url", "target"),
    [
        ("https://Docs.Example.COM./a?b#c", FetchTarget("https", "docs.example.com", 443)),
        ("http://example.com:8080", FetchTarget("http", "example.com", 8080)),
        ("HTTP://bücher.example/", FetchTarget("http", "xn--bcher-kva.example", 80)),
    ],
)
def test_hosts_are_normalised(url: str, target: FetchTarget) -> None:
    assert parse_target(url) == target


def test_a_public_ip_literal_is_accepted_in_dotted_form_only() -> None:
    assert str(parse_target("http://8.8.8.8/").address) == "8.8.8.8"
    with pytest.raises(FetchRefused, match="four decimal numbers") as refused:
        parse_target("http://134744072/")
    assert "8.8.8.8" in refused.value.hint


def test_allow_list_entries_accept_hosts_ports_and_ipv6() -> None:
    allowed = PrivateHostAllowList.parse(
        ["Docs.Internal.", "wiki.corp:8443", "[fd00::5]:80", "10.1.2.3"]
    )

    assert allowed.allows(parse_target("http://docs.internal:1234/"))
    assert allowed.allows(parse_target("https://wiki.corp:8443/"))
    assert not allowed.allows(parse_target("https://wiki.corp/"))
    assert allowed.allows(parse_target("http://[fd00::5]/"))
    assert allowed.allows(parse_target("http://10.1.2.3/"))
    screen_target(parse_target("http://10.1.2.3/"), allowed)


@pytest.mark.parametrize("entry", ["wiki:0", "wiki:http", "a b", "wiki:99999", ""])
def test_bad_allow_list_entries_are_config_errors(entry: str) -> None:
    with pytest.raises(ConfigError, match="allow_private_hosts"):
        PrivateHostAllowList.parse([entry])


@given(st.text(max_size=40))
def test_host_normalisation_either_returns_or_refuses(raw: str) -> None:
    try:
        host, _address = normalise_host(raw)
    except FetchRefused:
        return
    assert host == host.lower()
    assert host.isascii()
