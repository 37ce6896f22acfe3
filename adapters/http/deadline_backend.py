"""Network streams that share one deadline, so a fetch cannot outlive its total timeout.

httpx timeouts apply per socket operation; a server that drips a byte every few seconds would
never trip them. Every connect, read and write here waits at most until the fetch's deadline.
"""

from __future__ import annotations

import ssl
import time

import httpcore


class DeadlineStream(httpcore.NetworkStream):
    def __init__(self, inner: httpcore.NetworkStream, deadline: float) -> None:
        self._inner = inner
        self._deadline = deadline

    def read(self, max_bytes: int, timeout: float | None = None) -> bytes:
        return self._inner.read(max_bytes, clamp(timeout, self._deadline, httpcore.ReadTimeout))

    def write(self, buffer: bytes, timeout: float | None = None) -> None:
        self._inner.write(buffer, clamp(timeout, self._deadline, httpcore.WriteTimeout))

    def close(self) -> None:
        self._inner.close()

    def start_tls(
        self,
        ssl_context: ssl.SSLContext,
        server_hostname: str | None = None,
        timeout: float | None = None,
    ) -> httpcore.NetworkStream:
        inner = self._inner.start_tls(
            ssl_context, server_hostname, clamp(timeout, self._deadline, httpcore.ConnectTimeout)
        )
        return DeadlineStream(inner, self._deadline)

    def get_extra_info(self, info: str) -> object:
        return self._inner.get_extra_info(info)


def clamp(timeout: float | None, deadline: float, error: type[httpcore.TimeoutException]) -> float:
    remaining = deadline - time.monotonic()
    if remaining <= 0:
        raise error("the fetch ran out of time")
    return remaining if timeout is None else min(timeout, remaining)
