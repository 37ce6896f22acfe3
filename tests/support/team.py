"""Team-store helpers for tests: an initialised server, member roles, fresh projects."""

from __future__ import annotations

import itertools
import os
from collections.abc import Iterator
from pathlib import Path
from typing import NoReturn

import attrs
import pytest

from adapters.postgres.scratch_server import PostgresServer, ServerUnavailable

REQUIRE_ENV = "CAPY_REQUIRE_POSTGRES"


def unavailable(reason: str) -> NoReturn:
    """Skip (or, when PostgreSQL is required — CI sets CAPY_REQUIRE_POSTGRES — fail)."""
    if os.environ.get(REQUIRE_ENV, "").strip() not in ("", "0"):
        pytest.fail(f"PostgreSQL is required here ({REQUIRE_ENV} is set) but {reason}")
    pytest.skip(reason)


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
    from adapters.postgres.scratch_server import start_server, stop_server

    require_psycopg()
    try:
        server = start_server()
    except ServerUnavailable as error:
        unavailable(error.message)
    try:
        from adapters.postgres.postgres_team_server import PostgresTeamServer

        PostgresTeamServer().init(server.owner_url())
        yield TeamServerForTests(server)
    finally:
        stop_server(server)
