"""Team-store helpers for tests: an initialised server, member roles, fresh projects."""

from __future__ import annotations

import atexit
import itertools
import os
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


_started: list[TeamServerForTests] = []
_failed: list[str] = []


def shared_team_server() -> TeamServerForTests:
    """The test run's one server, started on first use and stopped when the run ends; skips
    (or fails, see ``unavailable``) where PostgreSQL cannot run."""
    if _failed:
        unavailable(_failed[0])
    if not _started:
        from adapters.postgres.postgres_team_server import PostgresTeamServer
        from adapters.postgres.scratch_server import start_server, stop_server

        require_psycopg()
        try:
            server = start_server()
        except ServerUnavailable as error:
            _failed.append(error.message)
            unavailable(error.message)
        atexit.register(stop_server, server)
        PostgresTeamServer().init(server.owner_url())
        _started.append(TeamServerForTests(server))
    return _started[0]
