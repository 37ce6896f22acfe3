"""Applying numbered ``NNNN_name.sql`` files once each, recorded in the schema's ledger table."""

from __future__ import annotations

from datetime import UTC, datetime
from importlib import resources

import attrs
import sqlcipher3

from adapters.sqlcipher.connection import Connection
from adapters.sqlcipher.profile import KNOWLEDGE_SCHEMA, Schema
from adapters.sqlcipher.transactions import write_transaction

_LEDGER = """CREATE TABLE IF NOT EXISTS {ledger} (
    name TEXT PRIMARY KEY,
    applied_at TEXT NOT NULL
)"""


@attrs.frozen
class Migration:
    name: str
    sql: str


def available(schema: Schema = KNOWLEDGE_SCHEMA) -> list[Migration]:
    files = resources.files(schema.package)
    found = [
        Migration(entry.name.removesuffix(".sql"), entry.read_text(encoding="utf-8"))
        for entry in files.iterdir()
        if entry.name.endswith(".sql")
    ]
    return sorted(found, key=lambda migration: migration.name)


def applied(connection: Connection, schema: Schema = KNOWLEDGE_SCHEMA) -> list[str]:
    connection.execute(_LEDGER.format(ledger=schema.ledger))
    rows = connection.execute(f"SELECT name FROM {schema.ledger} ORDER BY name")
    return [row[0] for row in rows]


def pending(connection: Connection, schema: Schema = KNOWLEDGE_SCHEMA) -> list[str] | None:
    """The migrations not applied yet, asked without writing; ``None`` when the ledger of this
    schema's name holds none of its migrations while other tables exist (another capy's file,
    the Go capy's). Tables without any ledger (a database `capy encrypt` just encrypted) get
    every migration."""
    tables = {
        row[0]
        for row in connection.execute(
            "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'"
        )
    }
    names = [m.name for m in available(schema)]
    if schema.ledger not in tables:
        return names
    done = {row[0] for row in connection.execute(f"SELECT name FROM {schema.ledger}")}
    if not done & set(names) and tables - {schema.ledger}:
        return None  # another capy's ledger of the same name (the Go capy's)
    return [name for name in names if name not in done]


def migrate(connection: Connection, schema: Schema = KNOWLEDGE_SCHEMA) -> list[str]:
    """Apply what is missing in one write transaction; returns the names applied now."""
    with write_transaction(connection):
        done = set(applied(connection, schema))
        now = datetime.now(UTC).isoformat(sep=" ")
        fresh = []
        for migration in available(schema):
            if migration.name in done:
                continue
            for statement in _statements(migration.sql):
                connection.execute(statement)
            connection.execute(
                f"INSERT INTO {schema.ledger} (name, applied_at) VALUES (?, ?)",
                (migration.name, now),
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
