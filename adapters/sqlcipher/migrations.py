"""Applying numbered ``NNNN_name.sql`` files once each, recorded in the schema's ledger table."""

from __future__ import annotations

import functools
import importlib
import time
from collections.abc import Callable, Iterable
from datetime import UTC, datetime
from pathlib import Path

import attrs
import sqlcipher3

from adapters.sqlcipher.connection import Connection
from adapters.sqlcipher.migration_notice import MigrationNotice
from adapters.sqlcipher.profile import KNOWLEDGE_SCHEMA, Schema
from adapters.sqlcipher.transactions import write_transaction

_REWRITES = "-- rewrites the store:"
_LEDGER = """CREATE TABLE IF NOT EXISTS {ledger} (
    name TEXT PRIMARY KEY,
    applied_at TEXT NOT NULL
)"""


@attrs.frozen
class Migration:
    name: str
    sql: str

    @property
    def rewrites(self) -> str:
        """What it does to every stored text, in words for the user, from its script's
        ``-- rewrites the store: …`` line; empty for a migration that does not."""
        for line in self.sql.splitlines():
            if line.startswith(_REWRITES):
                return line.removeprefix(_REWRITES).strip()
        return ""


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


def pending(
    connection: Connection,
    schema: Schema = KNOWLEDGE_SCHEMA,
    migrations: list[Migration] | None = None,
) -> list[str] | None:
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
    names = [m.name for m in (available(schema) if migrations is None else migrations)]
    if schema.ledger not in tables:
        return names
    done = {row[0] for row in connection.execute(f"SELECT name FROM {schema.ledger}")}
    if not done & set(names) and tables - {schema.ledger}:
        return None  # another capy's ledger of the same name (the Go capy's)
    return [name for name in names if name not in done]


def migrate(
    connection: Connection,
    schema: Schema = KNOWLEDGE_SCHEMA,
    notice: MigrationNotice | None = None,
) -> list[str]:
    """Apply what is missing in one write transaction; returns the names applied now.

    With a ``notice``, a migration that rewrites the store is announced before the write lock
    is asked for (so a command waiting for another process's upgrade says why it waits too),
    and its end with the time it took."""
    migrations = available(schema)
    told = notice is not None and notice.before(
        connection, _rewrites(connection, schema, migrations)
    )
    started = time.monotonic()
    with write_transaction(connection):
        done = set(applied(connection, schema))
        now = datetime.now(UTC).isoformat(sep=" ")
        fresh = []
        for migration in migrations:
            if migration.name in done:
                continue
            for statement in _statements(migration.sql):
                connection.execute(statement)
            connection.execute(
                f"INSERT INTO {schema.ledger} (name, applied_at) VALUES (?, ?)",
                (migration.name, now),
            )
            fresh.append(migration.name)
    if told and notice is not None:
        notice.after(time.monotonic() - started)
    return fresh


def _rewrites(connection: Connection, schema: Schema, migrations: list[Migration]) -> list[str]:
    """What the pending migrations that rewrite the store do (none pending: nothing is read)."""
    if not any(migration.rewrites for migration in migrations):
        return []
    waiting = set(pending(connection, schema, migrations) or ())
    return [m.rewrites for m in migrations if m.name in waiting and m.rewrites]


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
