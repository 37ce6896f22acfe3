"""The team schema's numbered ``NNNN_name.sql`` files, applied once each by the owner.

``capy team init`` runs them in one transaction holding an advisory lock, so two owners running
init at once apply each file once; the ledger ``capy.schema_migrations`` records them and members
read it to tell an out-of-date schema (``capy team init`` again) from a missing one.
"""

from __future__ import annotations

from importlib import resources
from typing import Any

import attrs

from adapters.postgres.conninfo import SCHEMA

_LOCK = 0x63617079  # "capy": the advisory lock every init takes


@attrs.frozen
class Migration:
    name: str
    sql: str


def available() -> list[Migration]:
    files = resources.files("adapters.postgres.schema")
    found = [
        Migration(entry.name.removesuffix(".sql"), entry.read_text(encoding="utf-8"))
        for entry in files.iterdir()
        if entry.name.endswith(".sql")
    ]
    return sorted(found, key=lambda migration: migration.name)


def latest() -> str:
    return available()[-1].name


def migrate(connection: Any) -> list[str]:
    """Create the schema and apply what is missing; returns the names applied now."""
    with connection.transaction():
        connection.execute("SELECT pg_advisory_xact_lock(%s)", (_LOCK,))
        connection.execute(f"CREATE SCHEMA IF NOT EXISTS {SCHEMA}")
        # pg_trgm's operator classes are found wherever the extension already lives.
        connection.execute(f"SET LOCAL search_path = {SCHEMA}, public, pg_catalog")
        connection.execute(
            f"CREATE TABLE IF NOT EXISTS {SCHEMA}.schema_migrations ("
            "name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())"
        )
        done = {
            row[0] for row in connection.execute(f"SELECT name FROM {SCHEMA}.schema_migrations")
        }
        fresh = []
        for migration in available():
            if migration.name in done:
                continue
            connection.execute(migration.sql)
            connection.execute(
                f"INSERT INTO {SCHEMA}.schema_migrations (name) VALUES (%s)", (migration.name,)
            )
            fresh.append(migration.name)
    return fresh


def applied(connection: Any) -> list[str] | None:
    """The migrations the server has, or None when capy's schema is not there at all."""
    row = connection.execute("SELECT to_regclass(%s)", (f"{SCHEMA}.schema_migrations",)).fetchone()
    if row is None or row[0] is None:
        return None
    return [
        r[0]
        for r in connection.execute(f"SELECT name FROM {SCHEMA}.schema_migrations ORDER BY name")
    ]
