"""The SSRF guard: turns a URL into a checked target plus the addresses it may connect to."""

from __future__ import annotations

import time

import attrs
import httpx

from adapters.http.resolver import Resolver
from domain.fetch.addresses import IPAddress
from domain.fetch.errors import FetchRefused
from domain.fetch.screening import PrivateHostAllowList, screen_addresses, screen_target
from domain.fetch.target import FetchTarget, make_target


@attrs.frozen
class CheckedHop:
    """A URL that passed the guard, with the exact addresses the connection may use."""

    url: httpx.URL
    target: FetchTarget
    addresses: tuple[IPAddress, ...]

    @property
    def pin_key(self) -> tuple[str, int]:
        """How httpcore will name this origin when it asks the network backend to connect."""
        return self.url.raw_host.decode("ascii").lower(), self.target.port


class SsrfGuard:
    """Checks one hop: scheme, host spelling, then every resolved address (DNS failure refuses)."""

    def __init__(self, resolver: Resolver, allowed: PrivateHostAllowList) -> None:
        self._resolver = resolver
        self._allowed = allowed

    def check(self, url: str | httpx.URL, deadline: float | None = None) -> CheckedHop:
        """``deadline`` (a ``time.monotonic()`` value) bounds the DNS lookup."""
        try:
            parsed = httpx.URL(url)
        except (httpx.InvalidURL, TypeError, ValueError) as exc:
            raise FetchRefused(f"cannot parse URL {str(url)!r}: {exc}", "check the URL") from None
        target = make_target(
            parsed.scheme,
            parsed.raw_host.decode("ascii", errors="replace"),
            parsed.port,
            has_userinfo=bool(parsed.userinfo),
        )
        screen_target(target, self._allowed)
        if target.address is not None:
            addresses: tuple[IPAddress, ...] = (target.address,)
        else:
            timeout = None if deadline is None else max(deadline - time.monotonic(), 0.001)
            addresses = self._resolver.resolve(target.host, target.port, timeout)
        screen_addresses(target, addresses, self._allowed)
        return CheckedHop(parsed, target, addresses)
