"""The ``usage_sessions`` and ``usage_counts`` tables (migration 0002): add and sum usage."""

from __future__ import annotations

from datetime import date, datetime
from typing import Any

from adapters.sqlcipher.connection import Connection
from adapters.sqlcipher.rows import from_text, to_text
from adapters.sqlcipher.transactions import write_transaction
from domain.server.usage import Origin, ToolUsage, UsageCounts
from domain.server.usage_history import UsageSession, UsageSessions

_REPLY, _PROCESSED, _INDEXED = "reply", "processed", "indexed"
_ADD = """INSERT INTO usage_counts (session_id, day, event, name, count, bytes)
    VALUES (?, ?, ?, ?, ?, ?)
    ON CONFLICT (session_id, day, event, name)
    DO UPDATE SET count = count + excluded.count, bytes = bytes + excluded.bytes"""
_SESSION_COLUMNS = "id, started_at, last_seen_at"


def start_session(connection: Connection, started_at: datetime) -> int:
    stamp = to_text(started_at)
    with write_transaction(connection):
        cursor = connection.execute(
            "INSERT INTO usage_sessions (started_at, last_seen_at) VALUES (?, ?)", (stamp, stamp)
        )
        return int(cursor.lastrowid or 0)


def add(
    connection: Connection, session_id: int, day: date, counts: UsageCounts, at: datetime
) -> None:
    rows = _rows(session_id, day.isoformat(), counts)
    with write_transaction(connection):
        connection.executemany(_ADD, rows)
        connection.execute(
            "UPDATE usage_sessions SET last_seen_at = max(last_seen_at, ?) WHERE id = ?",
            (to_text(at), session_id),
        )


def _rows(session_id: int, day: str, counts: UsageCounts) -> list[tuple[Any, ...]]:
    rows: list[tuple[Any, ...]] = [
        (session_id, day, _REPLY, tool, usage.calls, usage.bytes_returned)
        for tool, usage in counts.tools.items()
    ]
    for origin, byte_count in counts.processed.items():
        events = counts.cache_hits if origin is Origin.CACHE else 0
        rows.append((session_id, day, _PROCESSED, origin.name, events, byte_count))
    if counts.bytes_indexed:
        rows.append((session_id, day, _INDEXED, "", 0, counts.bytes_indexed))
    return rows


def total(connection: Connection, session_id: int | None, day: date | None) -> UsageCounts:
    where: list[str] = []
    params: list[object] = []
    if session_id is not None:
        where.append("session_id = ?")
        params.append(session_id)
    if day is not None:
        where.append("day = ?")
        params.append(day.isoformat())
    sql = "SELECT event, name, sum(count), sum(bytes) FROM usage_counts"
    if where:
        sql += " WHERE " + " AND ".join(where)
    tools: dict[str, ToolUsage] = {}
    processed: dict[Origin, int] = {}
    indexed = cache_hits = 0
    for event, name, count, byte_count in connection.execute(f"{sql} GROUP BY event, name", params):
        if event == _REPLY:
            tools[name] = ToolUsage(count, byte_count)
        elif event == _PROCESSED and name in Origin.__members__:
            origin = Origin[name]
            processed[origin] = byte_count
            if origin is Origin.CACHE:
                cache_hits = count
        elif event == _INDEXED:
            indexed += byte_count
    return UsageCounts(tools, processed, indexed, cache_hits)


def session(connection: Connection, session_id: int) -> UsageSession | None:
    row = connection.execute(
        f"SELECT {_SESSION_COLUMNS} FROM usage_sessions WHERE id = ?", (session_id,)
    ).fetchone()
    return _session(row) if row else None


def sessions(connection: Connection) -> UsageSessions:
    count, first = connection.execute(
        "SELECT count(*), min(started_at) FROM usage_sessions"
    ).fetchone()
    latest = connection.execute(
        f"SELECT {_SESSION_COLUMNS} FROM usage_sessions ORDER BY id DESC LIMIT 1"
    ).fetchone()
    return UsageSessions(
        count=count,
        first_started_at=from_text(first) if first else None,
        latest=_session(latest) if latest else None,
    )


def _session(row: tuple[Any, ...]) -> UsageSession:
    return UsageSession(id=row[0], started_at=from_text(row[1]), last_seen_at=from_text(row[2]))
