"""Every address and URL spelling here must be refused before any connection is made."""

from __future__ import annotations

from collections.abc import Mapping

import pytest

from adapters.http.ssrf_guard import SsrfGuard
from domain.fetch.addresses import IPAddress, parse_address
from domain.fetch.errors import FetchRefused
from domain.fetch.screening import PrivateHostAllowList


class FakeResolver:
    """A DNS table; names not in it fail to resolve, as an NXDOMAIN would."""

    def __init__(self, table: Mapping[str, tuple[str, ...]]) -> None:
        self._table = table
        self.asked: list[str] = []

    def resolve(self, host: str, port: int, timeout: float | None = None) -> tuple[IPAddress, ...]:
        self.asked.append(host)
        if host not in self._table:
            raise FetchRefused(f"cannot resolve {host}", "check the host name")
        return tuple(a for a in map(parse_address, self._table[host]) if a is not None)


DNS = {
    "example.com": ("93.184.215.14",),
    "rebind.example.com": ("93.184.215.14", "127.0.0.1"),
    "metadata.example.com": ("169.254.169.254",),
    "intranet.example.com": ("10.0.0.5",),
    "v6private.example.com": ("fd00::1",),
    "mapped.example.com": ("::ffff:192.168.1.1",),
    "cgnat.example.com": ("100.100.100.100",),
    "zero.example.com": ("0.0.0.0",),
    "nat64.example.com": ("64:ff9b::a9fe:a9fe",),
    "localhost": ("127.0.0.1", "::1"),
}

SSRF_CORPUS = [
    "http://127.0.0.1/",
    "http://127.0.0.2:8080/",
    "http://localhost/",
    "http://localhost./",
    "http://LOCALHOST:631/",
    "http://api.localhost/",
    "http://[::1]/",
    "http://0.0.0.0:6379/",
    "http://[::]/",
    "http://0/",
    "http://10.0.0.1/",
    "http://172.16.5.4/",
    "http://192.168.1.1/admin",
    "http://169.254.169.254/latest/meta-data/",
    "http://[fe80::1]/",
    "http://[fe80::1%25eth0]/",
    "http://[fc00::1]/",
    "http://[fd12:3456::1]/",
    "http://100.64.0.1/",
    "http://224.0.0.1/",
    "http://[ff02::1]/",
    "http://255.255.255.255/",
    "http://240.0.0.1/",
    "http://198.18.0.1/",
    "http://192.0.2.10/",
    "http://[2001:db8::1]/",
    "http://[::ffff:127.0.0.1]/",
    "http://[::ffff:7f00:1]/",
    "http://[::127.0.0.1]/",
    "http://[2002:7f00:1::]/",
    "http://[2002:a9fe:a9fe::1]/",
    "http://[2001:0:4136:e378:8000:63bf:80ff:fffe]/",
    "http://[64:ff9b::a9fe:a9fe]/",
    "http://[fec0::1]/",
    "http://2130706433/",
    "http://017700000001/",
    "http://0x7f000001/",
    "http://0177.0.0.1/",
    "http://0x7f.1/",
    "http://127.1/",
    "http://127.0.1/",
    "http://0xa9.0xfe.0xa9.0xfe/",
    "http://%31%32%37.0.0.1/",
    "http://example.com@127.0.0.1/",
    "http://user:pass@example.com/",
    "http://example.com\\@127.0.0.1/",
    "http://１２７.０.０.１/",
    "http://rebind.example.com/",
    "http://metadata.example.com/",
    "http://intranet.example.com/",
    "http://v6private.example.com/",
    "http://mapped.example.com/",
    "http://cgnat.example.com/",
    "http://zero.example.com/",
    "http://nat64.example.com/",
    "http://does-not-resolve.example.com/",
    "file:///etc/passwd",
    "ftp://example.com/file",
    "gopher://127.0.0.1:6379/_INFO",
    "dict://127.0.0.1:11211/stat",
    "javascript:alert(1)",
    "//example.com/",
    "example.com/page",
    "http://example.com:99999/",
    "http:///path-only",
]


@pytest.mark.parametrize("url", SSRF_CORPUS)
def test_the_guard_refuses(url: str) -> None:
    guard = SsrfGuard(FakeResolver(DNS), PrivateHostAllowList())

    with pytest.raises(FetchRefused) as refused:
        guard.check(url)

    assert refused.value.hint, "every refusal says what to do next"


def test_the_corpus_is_large() -> None:
    assert len(SSRF_CORPUS) >= 25


def test_a_public_host_passes_with_every_address_it_may_use() -> None:
    guard = SsrfGuard(FakeResolver(DNS), PrivateHostAllowList())

    hop = guard.check("https://Example.COM./docs?q=1")

    assert hop.target.host == "example.com"
    assert hop.target.port == 443
    assert [str(a) for a in hop.addresses] == ["93.184.215.14"]


def test_an_allow_listed_host_and_port_may_be_private() -> None:
    allowed = PrivateHostAllowList.parse(["intranet.example.com:8080", "10.1.2.3"])
    guard = SsrfGuard(FakeResolver(DNS), allowed)

    assert guard.check("http://intranet.example.com:8080/").addresses
    assert guard.check("http://10.1.2.3:9000/").addresses
    with pytest.raises(FetchRefused):
        guard.check("http://intranet.example.com:8081/")
    with pytest.raises(FetchRefused):
        guard.check("http://10.1.2.4/")


def test_allow_listing_never_opens_unspecified_or_multicast_answers() -> None:
    allowed = PrivateHostAllowList.parse(["zero.example.com"])
    guard = SsrfGuard(FakeResolver(DNS), allowed)

    with pytest.raises(FetchRefused):
        guard.check("http://zero.example.com/")


def test_literal_addresses_are_not_looked_up() -> None:
    resolver = FakeResolver(DNS)
    guard = SsrfGuard(resolver, PrivateHostAllowList())

    with pytest.raises(FetchRefused):
        guard.check("http://10.0.0.1/")

    assert resolver.asked == []


def test_the_refusal_names_host_address_and_the_allow_list() -> None:
    guard = SsrfGuard(FakeResolver(DNS), PrivateHostAllowList())

    with pytest.raises(FetchRefused) as refused:
        guard.check("http://metadata.example.com/")

    assert "metadata.example.com (169.254.169.254)" in refused.value.message
    assert "allow_private_hosts" in refused.value.hint
