"""Host name resolution for the SSRF guard (a seam so tests can use a fake DNS)."""

from __future__ import annotations

import socket
import threading
from ipaddress import ip_address
from typing import Any, Protocol, cast

from domain.fetch.addresses import IPAddress
from domain.fetch.errors import FetchRefused

_AddrInfo = tuple[Any, Any, Any, Any, tuple[Any, ...]]


class Resolver(Protocol):
    """Every address ``host`` resolves to, within ``timeout`` seconds.

    Raises ``FetchRefused`` when it cannot resolve: a host capy cannot check is not fetched.
    """

    def resolve(
        self, host: str, port: int, timeout: float | None = None
    ) -> tuple[IPAddress, ...]: ...


class SocketResolver:
    """The system resolver (``getaddrinfo``), the same one a plain connect would use.

    ``getaddrinfo`` cannot be interrupted, so it runs in a daemon thread that is abandoned
    (it ends on its own) when the fetch's time runs out.
    """

    def resolve(self, host: str, port: int, timeout: float | None = None) -> tuple[IPAddress, ...]:
        outcome: list[object] = []
        done = threading.Event()

        def lookup() -> None:
            try:
                outcome.append(socket.getaddrinfo(host, port, type=socket.SOCK_STREAM))
            except (OSError, UnicodeError) as exc:
                outcome.append(exc)
            finally:
                done.set()

        threading.Thread(target=lookup, name=f"capy-resolve-{host}", daemon=True).start()
        if not done.wait(timeout):
            raise FetchRefused(
                f"resolving {host} took longer than {timeout:g}s",
                "check the host name and your DNS; capy does not fetch hosts it cannot check",
            )
        result = outcome[0]
        if isinstance(result, BaseException):
            raise FetchRefused(
                f"cannot resolve {host}: {result}",
                "check the host name; capy does not fetch hosts it cannot check",
            ) from None
        infos = cast(list[_AddrInfo], result)
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
