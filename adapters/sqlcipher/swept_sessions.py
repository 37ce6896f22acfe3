"""The ``swept_sessions`` table behind the ``SweepLedger`` port (migration 0004)."""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime

from adapters.sqlcipher.connection import Connection
from adapters.sqlcipher.transactions import write_transaction
from application.ports.sweep_ledger import SweptSession

_COLUMNS = "session_key, fingerprint, swept_at, outcome, label, follows, turns"


def read_all(connection: Connection) -> dict[str, SweptSession]:
    rows = connection.execute(f"SELECT {_COLUMNS} FROM swept_sessions").fetchall()
    return {
        row[0]: SweptSession(
            key=row[0],
            fingerprint=row[1],
            swept_at=datetime.fromisoformat(row[2]),
            outcome=row[3],
            label=row[4],
            follows=row[5],
            turns=row[6],
        )
        for row in rows
    }


def write(connection: Connection, entries: Iterable[SweptSession]) -> None:
    rows = [
        (e.key, e.fingerprint, e.swept_at.isoformat(), e.outcome, e.label, e.follows, e.turns)
        for e in entries
    ]
    if not rows:
        return
    with write_transaction(connection):
        connection.executemany(
            f"INSERT OR REPLACE INTO swept_sessions ({_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?)",
            rows,
        )
