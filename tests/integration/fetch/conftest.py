from __future__ import annotations

from collections.abc import Iterator

import attrs
import pytest

from .server import Recorder, routes, serving


@attrs.frozen
class Site:
    port: int
    recorder: Recorder
    private_port: int
    private_recorder: Recorder

    def url(self, path: str) -> str:
        return f"http://127.0.0.1:{self.port}{path}"

    @property
    def allow(self) -> tuple[str, ...]:
        return (f"127.0.0.1:{self.port}",)


@pytest.fixture(scope="module")
def site() -> Iterator[Site]:
    # A second server on another loopback address stands in for a private host that is NOT
    # allow-listed: the tests check that nothing ever reaches it.
    with serving("127.0.0.2", {}) as (private_port, private_recorder):  # noqa: SIM117
        with serving("127.0.0.1", routes(private_port)) as (port, recorder):
            yield Site(port, recorder, private_port, private_recorder)
