"""Fetcher over httpx: SSRF-checked and pinned at every hop, streamed within limits."""

from __future__ import annotations

import ssl
import time
from collections.abc import Iterable

import httpx

from adapters.http.pinned_transport import PinnedNetworkBackend, PinnedTransport
from adapters.http.resolver import Resolver, SocketResolver
from adapters.http.ssrf_guard import SsrfGuard
from application.ports.fetcher import FetchedResponse, Fetcher
from domain.fetch.errors import FetchFailed
from domain.fetch.screening import PrivateHostAllowList

USER_AGENT = "capy/0.1 (MCP knowledge indexer)"
MAX_BYTES = 10 * 1024 * 1024


class HttpxFetcher(Fetcher):
    """GET with a total ``timeout`` (seconds), ``max_redirects`` and ``max_bytes`` of body.

    Redirects are followed here, not by httpx, so each hop is re-checked and re-pinned.
    Environment proxies are ignored: a proxy would make the connection somewhere unchecked.
    """

    def __init__(
        self,
        allow_private_hosts: Iterable[str] = (),
        *,
        timeout: float = 30.0,
        max_redirects: int = 10,
        max_bytes: int = MAX_BYTES,
        resolver: Resolver | None = None,
        ssl_context: ssl.SSLContext | None = None,
    ) -> None:
        allowed = PrivateHostAllowList.parse(allow_private_hosts)
        self._guard = SsrfGuard(resolver or SocketResolver(), allowed)
        self._timeout = timeout
        self._max_redirects = max_redirects
        self._max_bytes = max_bytes
        self.last_connections: list[tuple[str, int]] = []
        # Loading the CA bundle takes ~20 ms: once per fetcher, not per fetch.
        self._ssl_context = ssl_context or httpx.create_ssl_context()

    def fetch(self, url: str) -> FetchedResponse:
        deadline = time.monotonic() + self._timeout
        backend = PinnedNetworkBackend(deadline=deadline)
        self.last_connections = backend.connected
        client = httpx.Client(
            transport=PinnedTransport(backend, self._ssl_context),
            follow_redirects=False,
            trust_env=False,
            timeout=self._timeout,
            headers={
                "User-Agent": USER_AGENT,
                "Accept": "*/*",
                "Accept-Encoding": "gzip, deflate",
            },
        )
        with client:
            try:
                return self._follow(client, backend, url, deadline)
            except httpx.TimeoutException:
                raise FetchFailed(
                    f"fetching {url} took longer than {self._timeout:g}s",
                    "the server is slow or unreachable; try again later",
                ) from None
            except httpx.HTTPError as exc:
                raise FetchFailed(
                    f"could not fetch {url}: {exc or type(exc).__name__}",
                    "check the URL and that the site is reachable",
                ) from None

    def _follow(
        self, client: httpx.Client, backend: PinnedNetworkBackend, url: str, deadline: float
    ) -> FetchedResponse:
        current: str | httpx.URL = url
        for _hop in range(self._max_redirects + 1):
            hop = self._guard.check(current, deadline)
            backend.pin(hop.pin_key, hop.addresses)
            with client.stream("GET", hop.url) as response:
                if response.is_redirect:
                    current = _redirect_target(url, response)
                    continue
                if not response.is_success:
                    raise _status_error(url, response)
                body = self._read(response, url)
                return FetchedResponse(
                    url=str(response.url),
                    status=response.status_code,
                    content_type=response.headers.get("content-type", ""),
                    body=body,
                )
        raise FetchFailed(
            f"fetching {url} was redirected more than {self._max_redirects} times",
            "the site redirects in a loop; fetch the final address directly",
        )

    def _read(self, response: httpx.Response, url: str) -> bytes:
        _check_encoding(url, response)
        declared = response.headers.get("content-length", "")
        if declared.isdigit() and int(declared) > self._max_bytes:
            raise self._too_large(url)
        body = bytearray()
        for piece in response.iter_bytes():
            body += piece
            if len(body) > self._max_bytes:
                raise self._too_large(url)
        return bytes(body)

    def _too_large(self, url: str) -> FetchFailed:
        limit = self._max_bytes / (1024 * 1024)
        return FetchFailed(
            f"{url} is larger than {limit:g} MiB; capy stopped reading it",
            "fetch a smaller page (an API with paging, a raw file) or index a local copy",
        )


_SAFE_ENCODINGS = frozenset({"gzip", "x-gzip", "deflate", "identity"})


def _check_encoding(url: str, response: httpx.Response) -> None:
    """One layer of gzip/deflate at most: stacked or zstd layers can inflate a few KB into GBs
    in a single decode step, before the size limit gets a chance to look."""
    header = response.headers.get("content-encoding", "")
    layers = [layer.strip().lower() for layer in header.split(",") if layer.strip()]
    if len(layers) > 1 or not set(layers) <= _SAFE_ENCODINGS:
        raise FetchFailed(
            f"{url} was sent with Content-Encoding {header!r}, which capy does not decode",
            "the server ignored capy's Accept-Encoding; try another URL for the same content",
        )


def _redirect_target(url: str, response: httpx.Response) -> httpx.URL:
    location = response.headers["location"]
    try:
        return response.url.join(location)
    except (httpx.InvalidURL, ValueError, TypeError):
        raise FetchFailed(
            f"fetching {url} was redirected to an invalid address {location!r}",
            "the site's redirect is broken; look for the page's current URL",
        ) from None


def _status_error(url: str, response: httpx.Response) -> FetchFailed:
    code = response.status_code
    if code in (401, 403):
        hint = "the page needs a login or refuses bots; capy sends no credentials"
    elif code == 404:
        hint = "check the URL"
    elif code == 429 or code >= 500:
        hint = "the server is busy or failing; try again later"
    else:
        hint = "check the URL"
    return FetchFailed(
        f"fetching {url} failed: HTTP {code} {response.reason_phrase}".rstrip(), hint
    )
