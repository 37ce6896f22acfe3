from __future__ import annotations

import socket
import threading

import pytest

from adapters.http.httpx_fetcher import HttpxFetcher
from adapters.http.resolver import SocketResolver
from domain.fetch.errors import FetchFailed, FetchRefused

from .conftest import Site
from .server import MiB


def fetcher(site: Site, **options: float) -> HttpxFetcher:
    return HttpxFetcher(allow_private_hosts=site.allow, **options)  # type: ignore[arg-type]


def test_a_page_is_fetched_from_the_checked_address(site: Site) -> None:
    client = fetcher(site)

    response = client.fetch(site.url("/docs"))

    assert response.status == 200
    assert response.content_type.startswith("text/html")
    assert b"<h1>Connection pools</h1>" in response.body
    assert client.last_connections == [("127.0.0.1", site.port)]


def test_loopback_is_refused_unless_allow_listed(site: Site) -> None:
    before = len(site.recorder.paths)

    with pytest.raises(FetchRefused, match="loopback"):
        HttpxFetcher().fetch(site.url("/docs"))

    assert len(site.recorder.paths) == before


def test_the_allow_list_is_per_port(site: Site) -> None:
    other = HttpxFetcher(allow_private_hosts=(f"127.0.0.1:{site.port + 1}",))

    with pytest.raises(FetchRefused):
        other.fetch(site.url("/docs"))


def test_redirects_are_followed_and_each_hop_is_checked(site: Site) -> None:
    response = fetcher(site).fetch(site.url("/redirect"))

    assert response.url == site.url("/docs")
    assert b"Connection pools" in response.body


def test_a_redirect_to_a_private_host_is_refused_at_that_hop(site: Site) -> None:
    client = fetcher(site)

    with pytest.raises(FetchRefused, match=r"127\.0\.0\.2"):
        client.fetch(site.url("/to-private"))

    assert site.private_recorder.paths == []
    assert client.last_connections == [("127.0.0.1", site.port)]


def test_a_redirect_to_another_scheme_is_refused(site: Site) -> None:
    with pytest.raises(FetchRefused, match="file"):
        fetcher(site).fetch(site.url("/to-file"))


def test_ten_redirects_are_followed_but_not_eleven(site: Site) -> None:
    assert fetcher(site).fetch(site.url("/chain/10")).body == b"end of chain"

    with pytest.raises(FetchFailed, match="redirected more than 10 times"):
        fetcher(site).fetch(site.url("/chain/11"))
    with pytest.raises(FetchFailed, match="redirected"):
        fetcher(site).fetch(site.url("/loop"))


def test_a_broken_redirect_is_a_clear_failure(site: Site) -> None:
    with pytest.raises(FetchFailed, match=r"(?i)location header|invalid address"):
        fetcher(site).fetch(site.url("/bad-location"))


def test_non_2xx_names_the_status(site: Site) -> None:
    with pytest.raises(FetchFailed, match="HTTP 404"):
        fetcher(site).fetch(site.url("/missing"))
    with pytest.raises(FetchFailed, match="HTTP 418"):
        fetcher(site).fetch(site.url("/teapot"))


def test_a_body_over_the_limit_stops_the_download_early(site: Site) -> None:
    with pytest.raises(FetchFailed, match="larger than 10 MiB"):
        fetcher(site).fetch(site.url("/huge"))

    assert site.recorder.huge_done.wait(timeout=10)
    # The server meant to send 50 MiB; it could only push what fits in the limit plus socket
    # buffers before the client hung up.
    assert site.recorder.huge_bytes_sent < 20 * MiB


def test_gzip_is_decoded_and_the_limit_counts_decoded_bytes(site: Site) -> None:
    assert fetcher(site).fetch(site.url("/gzip")).body == b"squeezed text\n" * 100

    with pytest.raises(FetchFailed, match="larger than"):
        fetcher(site, max_bytes=500).fetch(site.url("/gzip"))


@pytest.mark.parametrize("path", ["/double-gzip", "/zstd"])
def test_stacked_or_unasked_encodings_are_refused(site: Site, path: str) -> None:
    with pytest.raises(FetchFailed, match="Content-Encoding"):
        fetcher(site).fetch(site.url(path))


def test_a_declared_oversize_body_is_refused_before_reading(site: Site) -> None:
    with pytest.raises(FetchFailed, match="larger than"):
        fetcher(site).fetch(site.url("/huge-declared"))


def test_a_smaller_limit_applies(site: Site) -> None:
    with pytest.raises(FetchFailed, match="larger than"):
        fetcher(site, max_bytes=10).fetch(site.url("/plain"))


def test_a_slow_server_times_out(site: Site) -> None:
    with pytest.raises(FetchFailed, match=r"longer than 0\.5s"):
        fetcher(site, timeout=0.5).fetch(site.url("/slow"))


def test_the_timeout_covers_the_whole_download_not_each_read(site: Site) -> None:
    # The server sends a byte every 0.1 s: no single read waits long, the total does.
    with pytest.raises(FetchFailed, match=r"longer than 0\.5s"):
        fetcher(site, timeout=0.5).fetch(site.url("/drip"))


def test_a_dns_failure_refuses(monkeypatch: pytest.MonkeyPatch) -> None:
    # getaddrinfo is replaced so the test sends no DNS query anywhere.
    def fail(*_args: object, **_kwargs: object) -> object:
        raise socket.gaierror(socket.EAI_NONAME, "Name or service not known")

    monkeypatch.setattr(socket, "getaddrinfo", fail)

    with pytest.raises(FetchRefused, match=r"cannot resolve no-such-host\.example"):
        HttpxFetcher().fetch("http://no-such-host.example/")


def test_the_system_resolver_finds_localhost_in_the_hosts_file() -> None:
    addresses = SocketResolver().resolve("localhost", 80, timeout=5)

    assert addresses
    assert all(address.is_loopback for address in addresses)


def test_a_hung_resolver_is_given_up_on_at_the_deadline(monkeypatch: pytest.MonkeyPatch) -> None:
    release = threading.Event()

    def hang(*_args: object, **_kwargs: object) -> object:
        release.wait(5)
        raise socket.gaierror(socket.EAI_AGAIN, "Temporary failure")

    monkeypatch.setattr(socket, "getaddrinfo", hang)
    try:
        with pytest.raises(FetchRefused, match="took longer than"):
            HttpxFetcher(timeout=0.3).fetch("http://slow-dns.example/")
    finally:
        release.set()
