"""Host name resolution for the SSRF guard (a seam so tests can use a fake DNS)."""

from __future__ import annotations

import socket
from ipaddress import ip_address
from typing import Protocol

from domain.fetch.addresses import IPAddress
from domain.fetch.errors import FetchRefused


class Resolver(Protocol):
    """Every address ``host`` resolves to; raises ``FetchRefused`` when it cannot resolve."""

    def resolve(self, host: str, port: int) -> tuple[IPAddress, ...]: ...


class SocketResolver:
    """The system resolver (``getaddrinfo``), the same one a plain connect would use."""

    def resolve(self, host: str, port: int) -> tuple[IPAddress, ...]:
        try:
            infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
        except (OSError, UnicodeError) as exc:
            raise FetchRefused(
                f"cannot resolve {host}: {exc}",
                "check the host name; capy does not fetch hosts it cannot check",
            ) from None
        found: dict[IPAddress, None] = {}
        for _family, _type, _proto, _name, sockaddr in infos:
            try:
                found[ip_address(sockaddr[0])] = None
            except ValueError:
                raise FetchRefused(
                    f"{host} resolved to {sockaddr[0]!r}, which capy cannot check",
                    "fetch it by another name",
                ) from None
        return tuple(found)
