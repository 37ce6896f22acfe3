"""A throwaway PostgreSQL 15 server (tests and ``capy bench … --store team``): TLS on, on
127.0.0.1, in a temp dir, stopped and deleted afterwards.

The cluster lives in a temp dir readable by the ``postgres`` user (``initdb`` refuses to run as
root, so as root it runs through ``runuser``). Host connections must use TLS with a password
(``hostssl … scram-sha-256``; ``hostnossl … reject``), so a plaintext client is refused; the
certificate authority and the server's certificate (for ``localhost`` and ``127.0.0.1``) are made
with the openssl CLI when the server starts. The bootstrap superuser connects over the server's
own socket directory only, to create the owner role and database that ``capy team init`` uses.

Without PostgreSQL's binaries ``start_server`` raises ``ServerUnavailable`` with the reason.
"""

from __future__ import annotations

import os
import secrets
import shutil
import socket
import subprocess
import tempfile
from pathlib import Path
from typing import NoReturn

import attrs

from domain.errors import StoreError

BIN = Path(os.environ.get("CAPY_PG_BIN", "/usr/lib/postgresql/15/bin"))
OWNER = "capy_owner"
DATABASE = "capy"


class ServerUnavailable(StoreError):
    """This machine cannot start a throwaway PostgreSQL server (the message says why)."""


def unavailable(reason: str) -> NoReturn:
    raise ServerUnavailable(reason, "install postgresql-15, postgresql-contrib and openssl")


@attrs.frozen
class PostgresServer:
    """A running server: where it listens and how to reach it as its owner."""

    root: Path
    port: int
    ca_file: Path
    owner_password: str
    host: str = "127.0.0.1"

    @property
    def socket_dir(self) -> Path:
        return self.root / "socket"

    def url(self, role: str, password: str, *, host: str | None = None, **params: str) -> str:
        """A libpq URL for ``role`` over TLS, verifying the server against the test CA."""
        query = {"sslmode": "verify-full", "sslrootcert": str(self.ca_file), **params}
        text = "&".join(f"{key}={value}" for key, value in query.items())
        return f"postgresql://{role}:{password}@{host or self.host}:{self.port}/{DATABASE}?{text}"

    def owner_url(self, **params: str) -> str:
        return self.url(OWNER, self.owner_password, **params)

    def psql(self, sql: str, *, database: str = "postgres") -> str:
        """Run ``sql`` as the bootstrap superuser over the socket; returns its output."""
        done = subprocess.run(
            [
                str(BIN / "psql"),
                "-X",
                "-q",
                "-A",
                "-t",
                "-v",
                "ON_ERROR_STOP=1",
                "-h",
                str(self.socket_dir),
                "-p",
                str(self.port),
                "-U",
                "postgres",
                "-d",
                database,
                "-c",
                sql,
            ],
            capture_output=True,
            text=True,
            check=False,
        )
        if done.returncode != 0:
            raise RuntimeError(f"psql failed: {done.stderr.strip()}")
        return done.stdout.strip()


def _as_postgres(command: list[str]) -> list[str]:
    if os.geteuid() == 0:
        return ["runuser", "-u", "postgres", "--", *command]
    return command


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _openssl(*args: str, cwd: Path) -> None:
    subprocess.run(["openssl", *args], cwd=cwd, check=True, capture_output=True)


def _certificates(directory: Path) -> None:
    """A self-signed CA and a server certificate it signed, valid for localhost/127.0.0.1."""
    _openssl("req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2",
             "-subj", "/CN=capy test CA", "-keyout", "ca.key", "-out", "ca.crt",
             cwd=directory)  # fmt: skip
    (directory / "san.cnf").write_text(
        "subjectAltName=DNS:localhost,IP:127.0.0.1\n", encoding="utf-8"
    )
    _openssl("req", "-newkey", "rsa:2048", "-nodes", "-subj", "/CN=localhost",
             "-keyout", "server.key", "-out", "server.csr", cwd=directory)  # fmt: skip
    _openssl("x509", "-req", "-in", "server.csr", "-CA", "ca.crt", "-CAkey", "ca.key",
             "-CAcreateserial", "-days", "2", "-extfile", "san.cnf", "-out", "server.crt",
             cwd=directory)  # fmt: skip
    (directory / "server.key").chmod(0o600)


def start_server() -> PostgresServer:
    """initdb, certificates, start; ``ServerUnavailable`` when this machine cannot."""
    if not (BIN / "initdb").exists():
        unavailable(
            f"PostgreSQL 15 is not installed (no {BIN / 'initdb'}; apt-get install postgresql-15)"
        )
    if shutil.which("openssl") is None:
        unavailable("the openssl command is not installed (apt-get install openssl)")
    if os.geteuid() == 0 and shutil.which("runuser") is None:
        unavailable("running as root without runuser, so initdb cannot run as postgres")
    root = Path(tempfile.mkdtemp(prefix="capy-pg-"))
    root.chmod(0o755)
    for name in ("data", "socket", "tls"):
        (root / name).mkdir()
    _certificates(root / "tls")
    if os.geteuid() == 0:
        shutil.chown(root, "postgres")
        for path in [root / "data", root / "socket", root / "tls", *(root / "tls").iterdir()]:
            shutil.chown(path, "postgres")
    subprocess.run(
        _as_postgres([str(BIN / "initdb"), "-D", str(root / "data"), "-U", "postgres",
                      "--auth-local=trust", "--auth-host=reject", "-E", "UTF8",
                      "--locale=C.UTF-8", "--no-sync"]),
        check=True, capture_output=True,
    )  # fmt: skip
    (root / "data" / "pg_hba.conf").write_text(
        "local all postgres trust\n"
        "hostnossl all all 0.0.0.0/0 reject\n"
        "hostnossl all all ::/0 reject\n"
        "hostssl all all 127.0.0.1/32 scram-sha-256\n"
        "hostssl all all ::1/128 scram-sha-256\n",
        encoding="utf-8",
    )
    port = _free_port()
    options = " ".join(
        [
            f"-p {port}",
            "-h 127.0.0.1",
            f"-k {root / 'socket'}",
            "-c ssl=on",
            f"-c ssl_cert_file={root / 'tls' / 'server.crt'}",
            f"-c ssl_key_file={root / 'tls' / 'server.key'}",
            "-c fsync=off",
            "-c synchronous_commit=off",
            "-c full_page_writes=off",
            "-c max_connections=120",
            "-c shared_buffers=64MB",
        ]
    )
    started = subprocess.run(
        _as_postgres([str(BIN / "pg_ctl"), "-D", str(root / "data"), "-l",
                      str(root / "server.log"), "-o", options, "-w", "start"]),
        capture_output=True, text=True, check=False,
    )  # fmt: skip
    if started.returncode != 0:
        log = (
            (root / "server.log").read_text(errors="replace")
            if (root / "server.log").exists()
            else ""
        )
        raise RuntimeError(f"PostgreSQL did not start: {started.stderr}\n{log}")
    server = PostgresServer(
        root=root, port=port, ca_file=root / "tls" / "ca.crt", owner_password=secrets.token_hex(16)
    )
    server.psql(f"CREATE ROLE {OWNER} LOGIN CREATEROLE PASSWORD '{server.owner_password}'")
    server.psql(f"CREATE DATABASE {DATABASE} OWNER {OWNER}")
    return server


def stop_server(server: PostgresServer) -> None:
    subprocess.run(
        _as_postgres([str(BIN / "pg_ctl"), "-D", str(server.root / "data"), "-m", "immediate",
                      "-w", "stop"]),
        capture_output=True, check=False,
    )  # fmt: skip
    shutil.rmtree(server.root, ignore_errors=True)
