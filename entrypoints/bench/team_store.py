"""A throwaway team server for the benchmarks: one per ``capy bench`` run, a member per store."""

from __future__ import annotations

import atexit
import itertools
import secrets
import threading
from typing import Any

_lock = threading.Lock()
_servers: list[Any] = []  # at most one: started on first use
_numbers = itertools.count(1)


def _running_server() -> Any:
    """Start the scratch PostgreSQL server on first use (stopped when the process exits)."""
    with _lock:
        if not _servers:
            from adapters.install_advice import require_team_driver

            require_team_driver()
            from adapters.postgres.postgres_team_server import PostgresTeamServer
            from adapters.postgres.scratch_server import start_server, stop_server

            server = start_server()
            atexit.register(stop_server, server)
            PostgresTeamServer().init(server.owner_url())
            _servers.append(server)
        return _servers[0]


def new_member(project: str | None = None) -> tuple[str, str]:
    """A member URL and its project (a new one unless given) on the scratch server."""
    from adapters.postgres.postgres_team_server import PostgresTeamServer

    server = _running_server()
    number = next(_numbers)
    project = project or f"capy-bench/run-{number}"
    password = secrets.token_hex(12)
    role = f"bench_{number}"
    PostgresTeamServer().add_member(server.owner_url(), role, project, password)
    return server.url(role, password), project
