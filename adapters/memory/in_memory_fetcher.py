"""A Fetcher over a table of pages and a fake DNS: same checks and limits, no network."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from ipaddress import ip_address
from urllib.parse import urljoin

import attrs

from application.ports.fetcher import FetchedResponse, Fetcher
from domain.fetch.addresses import IPAddress, parse_address
from domain.fetch.errors import FetchFailed, FetchRefused
from domain.fetch.screening import PrivateHostAllowList, screen_addresses, screen_target
from domain.fetch.target import parse_target

# A public address for hosts added with ``serve``; nothing is ever sent to it.
_PUBLIC_STAND_IN = ip_address("93.184.215.14")


@attrs.frozen
class ServedPage:
    status: int = 200
    content_type: str = "text/html; charset=utf-8"
    body: bytes = b""
    location: str = ""


class InMemoryFetcher(Fetcher):
    """Serves ``pages`` by exact URL; hosts resolve through ``dns`` (unknown → refused).

    ``requested`` lists every URL it was asked for, hop by hop, after the checks passed.
    """

    def __init__(
        self,
        dns: Mapping[str, Iterable[str]] | None = None,
        allow_private_hosts: Iterable[str] = (),
        max_redirects: int = 10,
        max_bytes: int = 10 * 1024 * 1024,
    ) -> None:
        self._pages: dict[str, ServedPage] = {}
        self._dns = {host: tuple(_addresses(ips)) for host, ips in (dns or {}).items()}
        self._allowed = PrivateHostAllowList.parse(allow_private_hosts)
        self._max_redirects = max_redirects
        self._max_bytes = max_bytes
        self.requested: list[str] = []

    def serve(self, url: str, page: ServedPage) -> None:
        self._pages[url] = page
        host = parse_target(url).host
        self._dns.setdefault(host, (_PUBLIC_STAND_IN,))

    def fetch(self, url: str) -> FetchedResponse:
        current = url
        for _hop in range(self._max_redirects + 1):
            self._check(current)
            self.requested.append(current)
            page = self._pages.get(current, ServedPage(status=404, content_type="text/plain"))
            if page.location and 300 <= page.status < 400:
                current = urljoin(current, page.location)
                continue
            if not 200 <= page.status < 300:
                raise FetchFailed(f"fetching {url} failed: HTTP {page.status}", "check the URL")
            if len(page.body) > self._max_bytes:
                raise FetchFailed(f"{url} is larger than the limit", "fetch a smaller page")
            return FetchedResponse(current, page.status, page.content_type, page.body)
        raise FetchFailed(f"fetching {url} was redirected too often", "fetch the final URL")

    def _check(self, url: str) -> None:
        target = parse_target(url)
        screen_target(target, self._allowed)
        if target.address is not None:
            return
        addresses = self._dns.get(target.host)
        if addresses is None:
            raise FetchRefused(f"cannot resolve {target.host}", "check the host name")
        screen_addresses(target, addresses, self._allowed)


def _addresses(texts: Iterable[str]) -> list[IPAddress]:
    found = [parse_address(text) for text in texts]
    return [a for a in found if a is not None]
