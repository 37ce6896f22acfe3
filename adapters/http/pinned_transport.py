"""An httpx transport whose connections go only to addresses the SSRF guard checked.

httpcore asks its network backend to connect to ``(host, port)``; this backend looks the pair
up in the pins the guard set for the current hop and connects to those IPs instead of resolving
the name again, so DNS cannot change the answer between check and connect (rebinding). TLS is
still started by httpcore with ``server_hostname`` = the URL's host, so SNI and certificate
verification use the real name. An origin without a pin is never connected to.
"""

from __future__ import annotations

import ssl
import time
from collections.abc import Iterable, Iterator
from contextlib import contextmanager

import httpcore
import httpx

from adapters.http.deadline_backend import DeadlineStream, clamp
from domain.fetch.addresses import IPAddress


class PinnedNetworkBackend(httpcore.NetworkBackend):
    """Connects only to pinned addresses, and never past ``deadline`` (a monotonic time)."""

    def __init__(self, deadline: float) -> None:
        self._pins: dict[tuple[str, int], tuple[IPAddress, ...]] = {}
        self._inner = httpcore.SyncBackend()
        self._deadline = deadline
        self.connected: list[tuple[str, int]] = []

    def pin(self, key: tuple[str, int], addresses: tuple[IPAddress, ...]) -> None:
        self._pins[key] = addresses

    def connect_tcp(
        self,
        host: str,
        port: int,
        timeout: float | None = None,
        local_address: str | None = None,
        socket_options: Iterable[httpcore.SOCKET_OPTION] | None = None,
    ) -> httpcore.NetworkStream:
        addresses = self._pins.get((host.lower(), port))
        if not addresses:
            raise httpcore.ConnectError(f"{host}:{port} was not checked; refusing to connect")
        error: Exception = httpcore.ConnectError(f"no address to connect to for {host}")
        for address in addresses:
            try:
                stream = self._inner.connect_tcp(
                    str(address),
                    port,
                    clamp(timeout, self._deadline, httpcore.ConnectTimeout),
                    local_address,
                    socket_options,
                )
            except httpcore.ConnectError as exc:
                error = exc
                continue
            self.connected.append((str(address), port))
            return DeadlineStream(stream, self._deadline)
        raise error

    def connect_unix_socket(
        self,
        path: str,
        timeout: float | None = None,
        socket_options: Iterable[httpcore.SOCKET_OPTION] | None = None,
    ) -> httpcore.NetworkStream:
        raise httpcore.ConnectError("capy does not fetch over unix sockets")

    def sleep(self, seconds: float) -> None:
        time.sleep(seconds)


class PinnedTransport(httpx.BaseTransport):
    """HTTP/1.1 over ``PinnedNetworkBackend``; no proxies, no retries."""

    def __init__(self, backend: PinnedNetworkBackend, ssl_context: ssl.SSLContext) -> None:
        self._pool = httpcore.ConnectionPool(
            ssl_context=ssl_context,
            network_backend=backend,
            http1=True,
            http2=False,
            retries=0,
        )

    def handle_request(self, request: httpx.Request) -> httpx.Response:
        core_request = httpcore.Request(
            method=request.method,
            url=httpcore.URL(
                scheme=request.url.raw_scheme,
                host=request.url.raw_host,
                port=request.url.port,
                target=request.url.raw_path,
            ),
            headers=request.headers.raw,
            content=request.stream,  # type: ignore[arg-type]
            extensions=request.extensions,
        )
        with _mapped_errors():
            response = self._pool.handle_request(core_request)
        return httpx.Response(
            status_code=response.status,
            headers=response.headers,
            stream=_Stream(response.stream),  # type: ignore[arg-type]
            extensions=response.extensions,
        )

    def close(self) -> None:
        self._pool.close()


class _Stream(httpx.SyncByteStream):
    def __init__(self, inner: Iterable[bytes]) -> None:
        self._inner = inner

    def __iter__(self) -> Iterator[bytes]:
        with _mapped_errors():
            yield from self._inner

    def close(self) -> None:
        close = getattr(self._inner, "close", None)
        if close is not None:
            close()


@contextmanager
def _mapped_errors() -> Iterator[None]:
    try:
        yield
    except httpcore.TimeoutException as exc:
        raise httpx.TimeoutException(str(exc)) from exc
    except httpcore.ConnectError as exc:
        raise httpx.ConnectError(str(exc)) from exc
    except (httpcore.NetworkError, httpcore.ProtocolError, httpcore.UnsupportedProtocol) as exc:
        raise httpx.TransportError(str(exc)) from exc
