"""The connection goes to the address that was checked; TLS still verifies the real name."""

from __future__ import annotations

import shutil
import ssl
import subprocess
import time
from collections.abc import Iterator
from ipaddress import ip_address
from pathlib import Path

import httpcore
import pytest

from adapters.http.httpx_fetcher import HttpxFetcher
from adapters.http.pinned_transport import PinnedNetworkBackend
from domain.fetch.addresses import IPAddress
from domain.fetch.errors import FetchFailed

from .server import routes, serving


class FlippingResolver:
    """Answers loopback .1 first and .2 afterwards, as a rebinding DNS server would."""

    def __init__(self) -> None:
        self.calls: list[str] = []

    def resolve(self, host: str, port: int, timeout: float | None = None) -> tuple[IPAddress, ...]:
        self.calls.append(host)
        return (ip_address("127.0.0.1" if len(self.calls) == 1 else "127.0.0.2"),)


@pytest.fixture(scope="module")
def certificate(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    if shutil.which("openssl") is None:
        pytest.skip("openssl is needed to make a test certificate")
    folder = tmp_path_factory.mktemp("tls")
    cert, key = folder / "cert.pem", folder / "key.pem"
    subprocess.run(
        [
            "openssl",
            "req",
            "-x509",
            "-newkey",
            "rsa:2048",
            "-nodes",
            "-days",
            "1",
            "-keyout",
            str(key),
            "-out",
            str(cert),
            "-subj",
            "/CN=docs.test",
            "-addext",
            "subjectAltName=DNS:docs.test",
        ],
        check=True,
        capture_output=True,
    )
    return cert, key


@pytest.fixture(scope="module")
def tls_site(certificate: tuple[Path, Path]) -> Iterator[tuple[int, list[str]]]:
    cert, key = certificate
    server_context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    server_context.load_cert_chain(cert, key)
    names: list[str] = []

    def record_sni(_sock: object, name: str | None, _ctx: object) -> None:
        names.append(name or "")

    server_context.sni_callback = record_sni  # type: ignore[assignment]
    with serving("127.0.0.1", routes(1), tls=server_context) as (port, _recorder):
        yield port, names


def test_tls_uses_the_real_host_name_while_connecting_to_the_pinned_address(
    certificate: tuple[Path, Path], tls_site: tuple[int, list[str]]
) -> None:
    port, names = tls_site
    client_context = ssl.create_default_context(cafile=str(certificate[0]))
    fetcher = HttpxFetcher(
        ("docs.test", "other.test"), resolver=_Table(), ssl_context=client_context
    )

    response = fetcher.fetch(f"https://docs.test:{port}/plain")

    assert response.body == b"line one\nline two\n"
    assert names[-1] == "docs.test"
    assert fetcher.last_connections == [("127.0.0.1", port)]


def test_a_certificate_for_another_name_is_rejected(
    certificate: tuple[Path, Path], tls_site: tuple[int, list[str]]
) -> None:
    port, _names = tls_site
    client_context = ssl.create_default_context(cafile=str(certificate[0]))
    fetcher = HttpxFetcher(
        ("docs.test", "other.test"), resolver=_Table(), ssl_context=client_context
    )

    with pytest.raises(FetchFailed, match="certificate"):
        fetcher.fetch(f"https://other.test:{port}/plain")


def test_the_name_is_resolved_once_per_hop_and_never_again(site_port: int) -> None:
    resolver = FlippingResolver()
    fetcher = HttpxFetcher(("flip.test",), resolver=resolver)

    response = fetcher.fetch(f"http://flip.test:{site_port}/plain")

    assert response.status == 200
    assert resolver.calls == ["flip.test"]
    assert fetcher.last_connections == [("127.0.0.1", site_port)]


@pytest.fixture(scope="module")
def site_port() -> Iterator[int]:
    with serving("127.0.0.1", routes(1)) as (port, _recorder):
        yield port


class _Table:
    def resolve(self, host: str, port: int, timeout: float | None = None) -> tuple[IPAddress, ...]:
        return (ip_address("127.0.0.1"),)


def test_an_origin_without_a_pin_is_never_connected_to(site_port: int) -> None:
    backend = PinnedNetworkBackend(deadline=time.monotonic() + 5)
    backend.pin(("docs.test", site_port), (ip_address("127.0.0.1"),))

    with pytest.raises(httpcore.ConnectError, match="not checked"):
        backend.connect_tcp("127.0.0.1", site_port)
    with pytest.raises(httpcore.ConnectError, match="not checked"):
        backend.connect_tcp("docs.test", site_port + 1)

    assert backend.connected == []
