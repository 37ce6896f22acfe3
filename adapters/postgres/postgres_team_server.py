"""``capy team init``, ``add-member`` and ``status`` on a PostgreSQL server (ADR 0076)."""

from __future__ import annotations

from typing import Any

from adapters.postgres import migrations
from adapters.postgres.connect import connected, uses_tls
from adapters.postgres.conninfo import MEMBER_GROUP, SCHEMA, display, refuse_privileged_role
from application.ports.team_server import TeamServer
from domain.errors import StoreError
from domain.team import (
    MemberOutcome,
    ProjectCount,
    RemovalOutcome,
    TeamInitOutcome,
    TeamStatus,
    checked_project,
    checked_role,
)

DATA_TABLES = (
    "projects",
    "sources",
    "chunks",
    "postings",
    "trigrams",
    "word_counts",
    "vocabulary",
)

_RLS = f"""
SELECT c.relname, c.relrowsecurity, c.relforcerowsecurity
FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
WHERE n.nspname = '{SCHEMA}' AND c.relkind = 'r'
"""
_PROJECTS = f"""
SELECT m.project,
       (SELECT count(*) FROM {SCHEMA}.sources s WHERE s.project = m.project),
       coalesce((SELECT p.chunks FROM {SCHEMA}.projects p WHERE p.project = m.project), 0)
FROM {SCHEMA}.members m WHERE m.role_name = current_user ORDER BY m.project
"""


def _not_initialised(url: str) -> StoreError:
    return StoreError(
        f"the team server {display(url)} has no capy schema yet",
        "run capy team init --url OWNER_URL once, as the role that will own capy's tables",
    )


class PostgresTeamServer(TeamServer):
    def init(self, owner_url: str) -> TeamInitOutcome:
        from psycopg import sql

        with connected(owner_url) as connection:
            fresh = migrations.migrate(connection)
            group = sql.Identifier(MEMBER_GROUP)
            with connection.transaction():
                exists = connection.execute(
                    "SELECT 1 FROM pg_roles WHERE rolname = %s", (MEMBER_GROUP,)
                ).fetchone()
                if exists is None:
                    connection.execute(
                        sql.SQL("CREATE ROLE {} NOLOGIN NOSUPERUSER NOBYPASSRLS").format(group)
                    )
                schema = sql.Identifier(SCHEMA)
                connection.execute(sql.SQL("GRANT USAGE ON SCHEMA {} TO {}").format(schema, group))
                connection.execute(
                    sql.SQL("GRANT SELECT ON {}.members, {}.schema_migrations TO {}").format(
                        schema, schema, group
                    )
                )
                tables = sql.SQL(", ").join(sql.Identifier(SCHEMA, t) for t in DATA_TABLES)
                connection.execute(
                    sql.SQL("GRANT SELECT, INSERT, UPDATE, DELETE ON {} TO {}").format(
                        tables, group
                    )
                )
        return TeamInitOutcome(applied=tuple(fresh), schema_version=migrations.latest())

    def add_member(
        self, owner_url: str, role: str, project: str, password: str | None
    ) -> MemberOutcome:
        from psycopg import sql

        role = checked_role(role)
        project = checked_project(project, "--project")
        with connected(owner_url) as connection:
            if migrations.applied(connection) is None:
                raise _not_initialised(owner_url)
            name = sql.Identifier(role)
            with connection.transaction():
                row = connection.execute(
                    "SELECT rolsuper, rolbypassrls FROM pg_roles WHERE rolname = %s", (role,)
                ).fetchone()
                if row is not None and (row[0] or row[1]):
                    raise StoreError(
                        f"the role {role} is a superuser or bypasses row-level security",
                        "choose another role name: a member must be a plain login role",
                    )
                created = row is None
                if created:
                    connection.execute(
                        sql.SQL(
                            "CREATE ROLE {} LOGIN NOSUPERUSER NOBYPASSRLS NOCREATEDB NOCREATEROLE"
                        ).format(name)
                    )
                if password is not None:
                    connection.execute(
                        sql.SQL("ALTER ROLE {} PASSWORD {}").format(name, sql.Literal(password))
                    )
                connection.execute(
                    sql.SQL("GRANT {} TO {}").format(sql.Identifier(MEMBER_GROUP), name)
                )
                added = connection.execute(
                    f"INSERT INTO {SCHEMA}.members (role_name, project) VALUES (%s, %s) "
                    "ON CONFLICT DO NOTHING",
                    (role, project),
                ).rowcount
        return MemberOutcome(role, project, created, bool(added), password is not None)

    def remove_member(self, owner_url: str, role: str, project: str) -> RemovalOutcome:
        role = checked_role(role)
        project = checked_project(project, "--project")
        with connected(owner_url) as connection:
            if migrations.applied(connection) is None:
                raise _not_initialised(owner_url)
            with connection.transaction():
                removed = connection.execute(
                    f"DELETE FROM {SCHEMA}.members WHERE role_name = %s AND project = %s",
                    (role, project),
                ).rowcount
                others = tuple(
                    str(row[0])
                    for row in connection.execute(
                        f"SELECT project FROM {SCHEMA}.members WHERE role_name = %s "
                        "ORDER BY project",
                        (role,),
                    )
                )
        return RemovalOutcome(role, project, bool(removed), others)

    def status(self, url: str) -> TeamStatus:
        with connected(url) as connection:
            role = str(connection.info.user)
            tls = uses_tls(connection)
            problems: list[str] = []
            try:
                refuse_privileged_role(connection)
            except StoreError as error:
                problems.append(error.message)
            applied = migrations.applied(connection)
            if applied is None:
                problems.append(_not_initialised(url).message)
                return TeamStatus(display(url), role, tls, None, False, (), (), tuple(problems))
            version = applied[-1] if applied else None
            if version != migrations.latest():
                problems.append(
                    f"the server's schema is at {version}, this capy expects "
                    f"{migrations.latest()}: the owner runs capy team init again"
                )
            without = _tables_without_rls(connection)
            if without:
                problems.append("row-level security is not in force on " + ", ".join(without))
            projects = tuple(
                ProjectCount(row[0], int(row[1]), int(row[2]))
                for row in connection.execute(_PROJECTS)
            )
        return TeamStatus(
            server=display(url),
            role=role,
            tls=tls,
            schema_version=version,
            rls_in_force=not without,
            tables_without_rls=without,
            projects=projects,
            problems=tuple(problems),
        )


def _tables_without_rls(connection: Any) -> tuple[str, ...]:
    found = {row[0]: (bool(row[1]), bool(row[2])) for row in connection.execute(_RLS)}
    return tuple(table for table in DATA_TABLES if found.get(table, (False, False)) != (True, True))
