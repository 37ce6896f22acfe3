"""Team-store helpers for tests: an initialised server, member roles, fresh projects."""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from pathlib import Path

import attrs

from tests.support.postgres_server import PostgresServer, unavailable

_numbers = itertools.count(1)
MEMBER_PASSWORD = "member-secret-for-tests"


@attrs.frozen
class Member:
    role: str
    project: str
    url: str


@attrs.frozen
class TeamServerForTests:
    server: PostgresServer

    def member(self, project: str | None = None, role: str | None = None) -> Member:
        """A new member role of ``project`` (a new project unless given)."""
        from adapters.postgres.postgres_team_server import PostgresTeamServer

        number = next(_numbers)
        project = project or f"example.org/team/project-{number}"
        role = role or f"member_{number}"
        PostgresTeamServer().add_member(self.server.owner_url(), role, project, MEMBER_PASSWORD)
        return Member(role, project, self.server.url(role, MEMBER_PASSWORD))


def require_psycopg() -> None:
    try:
        import psycopg  # noqa: F401
        import psycopg_pool  # noqa: F401
    except ImportError:
        unavailable("psycopg is not installed (pip install -e '.[team]')")


def start_team_server(tmp: Path | None = None) -> Iterator[TeamServerForTests]:
    from tests.support.postgres_server import start_server, stop_server

    require_psycopg()
    server = start_server()
    try:
        from adapters.postgres.postgres_team_server import PostgresTeamServer

        PostgresTeamServer().init(server.owner_url())
        yield TeamServerForTests(server)
    finally:
        stop_server(server)
