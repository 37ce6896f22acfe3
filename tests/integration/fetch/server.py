"""A real HTTP server on loopback, serving the pages the fetch tests need."""

from __future__ import annotations

import gzip
import json
import ssl
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import ClassVar

PAGES = Path(__file__).parent / "pages"
MiB = 1024 * 1024


class Recorder:
    def __init__(self) -> None:
        self.paths: list[str] = []
        self.huge_bytes_sent = 0
        self.huge_done = threading.Event()


Route = Callable[["Handler"], None]


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    routes: ClassVar[dict[str, Route]] = {}
    recorder: Recorder

    def do_GET(self) -> None:
        self.recorder.paths.append(self.path)
        route = self.routes.get(self.path.split("?")[0])
        try:
            if route is None:
                self.send(404, "text/plain", b"not here")
            else:
                route(self)
        except (BrokenPipeError, ConnectionResetError):
            pass

    def send(self, status: int, content_type: str, body: bytes, **headers: str) -> None:
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(body)))
        for name, value in headers.items():
            self.send_header(name.replace("_", "-"), value)
        self.end_headers()
        self.wfile.write(body)

    def redirect(self, location: str) -> None:
        self.send(302, "text/plain", b"moved", Location=location)

    def log_message(self, format: str, *args: object) -> None:
        pass


def _huge(handler: Handler) -> None:
    handler.send_response(200)
    handler.send_header("Content-Type", "text/plain")
    handler.send_header("Connection", "close")
    handler.end_headers()
    chunk = b"x" * (64 * 1024)
    try:
        for _ in range(50 * MiB // len(chunk)):
            handler.wfile.write(chunk)
            handler.recorder.huge_bytes_sent += len(chunk)
    finally:
        handler.close_connection = True
        handler.recorder.huge_done.set()


def _declared_huge(handler: Handler) -> None:
    handler.send_response(200)
    handler.send_header("Content-Type", "text/plain")
    handler.send_header("Content-Length", str(20 * MiB))
    handler.send_header("Connection", "close")
    handler.end_headers()
    handler.wfile.write(b"x" * 1024)
    handler.close_connection = True


def _drip(handler: Handler) -> None:
    handler.send_response(200)
    handler.send_header("Content-Type", "text/plain")
    handler.send_header("Content-Length", "40")
    handler.end_headers()
    for _ in range(40):
        handler.wfile.write(b"x")
        handler.wfile.flush()
        time.sleep(0.1)


def _slow(handler: Handler) -> None:
    time.sleep(1.5)
    handler.send(200, "text/plain", b"finally")


def routes(other_port: int) -> dict[str, Route]:
    docs = (PAGES / "docs_page.html").read_bytes()
    api = json.dumps(
        {"service": "widgets", "items": [{"id": f"w{i}", "size": i} for i in range(5)]}
    ).encode()
    latin1 = "<html><body><h1>Café menu</h1><p>Crème brûlée: 5 francs</p></body></html>"
    return {
        "/docs": lambda h: h.send(200, "text/html; charset=utf-8", docs),
        "/api": lambda h: h.send(200, "application/json", api),
        "/plain": lambda h: h.send(200, "text/plain", b"line one\nline two\n"),
        "/latin1": lambda h: h.send(200, "text/html; charset=iso-8859-1", latin1.encode("latin-1")),
        "/latin1-meta": lambda h: h.send(
            200,
            "text/html",
            b'<html><head><meta charset="iso-8859-1"></head><body><p>'
            + "Señor Müller".encode("latin-1")
            + b"</p></body></html>",
        ),
        "/redirect": lambda h: h.redirect("/docs"),
        "/to-private": lambda h: h.redirect(f"http://127.0.0.2:{other_port}/secret"),
        "/to-file": lambda h: h.redirect("file:///etc/passwd"),
        "/loop": lambda h: h.redirect("/loop"),
        "/bad-location": lambda h: h.redirect("http://docs.example.com:99x/"),
        **{f"/chain/{n}": _chain(n) for n in range(1, 12)},
        "/chain/0": lambda h: h.send(200, "text/plain", b"end of chain"),
        "/png": lambda h: h.send(200, "image/png", b"\x89PNG\r\n\x1a\n" + b"\x00" * 64),
        "/octets": lambda h: h.send(200, "application/octet-stream", b"\x00\x01\x02"),
        "/nul": lambda h: h.send(200, "application/x-thing", b"head\x00tail"),
        "/empty": lambda h: h.send(200, "text/plain", b""),
        "/huge": _huge,
        "/huge-declared": _declared_huge,
        "/drip": _drip,
        "/gzip": lambda h: h.send(
            200, "text/plain", gzip.compress(b"squeezed text\n" * 100), Content_Encoding="gzip"
        ),
        "/double-gzip": lambda h: h.send(
            200,
            "text/plain",
            gzip.compress(gzip.compress(b"x" * 1000)),
            Content_Encoding="gzip, gzip",
        ),
        "/zstd": lambda h: h.send(200, "text/plain", b"\x28\xb5\x2f\xfd", Content_Encoding="zstd"),
        "/slow": _slow,
        "/teapot": lambda h: h.send(418, "text/plain", b"short and stout"),
    }


def _chain(n: int) -> Route:
    return lambda h: h.redirect(f"/chain/{n - 1}")


class _QuietServer(ThreadingHTTPServer):
    daemon_threads = True

    def handle_error(self, request: object, client_address: object) -> None:
        pass  # clients hang up on purpose in these tests (size limit, timeouts)


@contextmanager
def serving(
    host: str, route_table: dict[str, Route], tls: ssl.SSLContext | None = None
) -> Iterator[tuple[int, Recorder]]:
    recorder = Recorder()
    handler = type("BoundHandler", (Handler,), {"routes": route_table, "recorder": recorder})
    server = _QuietServer((host, 0), handler)
    if tls is not None:
        server.socket = tls.wrap_socket(server.socket, server_side=True)
    server.daemon_threads = True
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield server.server_address[1], recorder
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=5)
