"""Applying numbered ``NNNN_name.sql`` files once each, recorded in the schema's ledger table."""

from __future__ import annotations

import functools
import importlib
from collections.abc import Callable, Iterable
from datetime import UTC, datetime
from pathlib import Path

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
    found = [
        Migration(name.removesuffix(".sql"), read())
        for name, read in _sql_files(schema.package)
        if name.endswith(".sql")
    ]
    return sorted(found, key=lambda migration: migration.name)


def _sql_files(package_name: str) -> Iterable[tuple[str, Callable[[], str]]]:
    """The package's files, read from its folder when it is one (every command opens a base,
    and ``importlib.resources`` would bring zipfile, tempfile and shutil to each); through
    ``importlib.resources`` when capy runs from an archive."""
    package = importlib.import_module(package_name)
    folders = [Path(p) for p in getattr(package, "__path__", ())]
    if len(folders) == 1 and folders[0].is_dir():
        return [
            (entry.name, functools.partial(entry.read_text, encoding="utf-8"))
            for entry in folders[0].iterdir()
        ]
    from importlib import resources

    return [
        (entry.name, functools.partial(entry.read_text, encoding="utf-8"))
        for entry in resources.files(package_name).iterdir()
    ]


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
