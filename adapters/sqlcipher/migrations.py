"""Applying the numbered ``schema/NNNN_name.sql`` files once each, recorded in ``migrations``."""

from __future__ import annotations

from datetime import UTC, datetime
from importlib import resources

import attrs
import sqlcipher3

from adapters.sqlcipher.connection import Connection
from adapters.sqlcipher.transactions import write_transaction

_SCHEMA_PACKAGE = "adapters.sqlcipher.schema"
_LEDGER = """CREATE TABLE IF NOT EXISTS migrations (
    name TEXT PRIMARY KEY,
    applied_at TEXT NOT NULL
)"""


@attrs.frozen
class Migration:
    name: str
    sql: str


def available() -> list[Migration]:
    files = resources.files(_SCHEMA_PACKAGE)
    found = [
        Migration(entry.name.removesuffix(".sql"), entry.read_text(encoding="utf-8"))
        for entry in files.iterdir()
        if entry.name.endswith(".sql")
    ]
    return sorted(found, key=lambda migration: migration.name)


def applied(connection: Connection) -> list[str]:
    connection.execute(_LEDGER)
    return [row[0] for row in connection.execute("SELECT name FROM migrations ORDER BY name")]


def migrate(connection: Connection) -> list[str]:
    """Apply what is missing in one write transaction; returns the names applied now."""
    with write_transaction(connection):
        done = set(applied(connection))
        now = datetime.now(UTC).isoformat(sep=" ")
        fresh = []
        for migration in available():
            if migration.name in done:
                continue
            for statement in _statements(migration.sql):
                connection.execute(statement)
            connection.execute(
                "INSERT INTO migrations (name, applied_at) VALUES (?, ?)", (migration.name, now)
            )
            fresh.append(migration.name)
    return fresh


def _statements(script: str) -> list[str]:
    """Split a script into statements (``executescript`` would commit our transaction)."""
    statements, pending = [], ""
    for line in script.splitlines(keepends=True):
        if not pending and (not line.strip() or line.lstrip().startswith("--")):
            continue
        pending += line
        if sqlcipher3.complete_statement(pending):
            statements.append(pending.strip())
            pending = ""
    if pending.strip():
        statements.append(pending.strip())
    return statements
