"""Opening connections to a team server, with errors that name the fix."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from typing import Any

from adapters.postgres.conninfo import display, secure_conninfo
from domain.errors import StoreError


def explain(error: Exception, url: str) -> StoreError:
    """A psycopg connection error as a ``StoreError`` naming the likely fix."""
    text = str(error).strip().splitlines()[0] if str(error).strip() else type(error).__name__
    where = display(url)
    if "no encryption" in text or "SSL" in text or "certificate" in text:
        hint = (
            "the server wants TLS, or its certificate did not verify: use sslmode=verify-full "
            "and point sslrootcert at the CA that signed the server's certificate"
        )
    elif "password" in text:
        hint = "put the role's password in ~/.pgpass (or PGPASSFILE, or a libpq service file)"
    else:
        hint = "check the URL and that the server is up (capy team status shows what capy sees)"
    return StoreError(f"cannot connect to the team server {where}: {text}", hint)


@contextlib.contextmanager
def connected(url: str) -> Iterator[Any]:
    """One autocommit connection to ``url`` (TLS policy applied), closed on exit."""
    import psycopg

    conninfo = secure_conninfo(url)
    try:
        connection = psycopg.connect(conninfo, autocommit=True)
    except psycopg.Error as error:
        raise explain(error, url) from None
    try:
        yield connection
    finally:
        connection.close()


def uses_tls(connection: Any) -> bool:
    row = connection.execute("SELECT ssl FROM pg_stat_ssl WHERE pid = pg_backend_pid()").fetchone()
    return bool(row and row[0])
