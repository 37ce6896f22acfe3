"""Mapping vault rows to the domain's values; times as RFC 3339 UTC text (sortable)."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from domain.vault.session import VaultSession

SESSION_COLUMNS = (
    "uuid, content_hash, size_bytes, machine_id, claude_project_dir, project_path, archived_at, "
    "title, start_time, end_time, message_count, git_branch, index_version, stored_bytes, "
    "file_count"
)


def time_text(at: datetime | None) -> str | None:
    if at is None:
        return None
    return at.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


def parse_time(text: str | None) -> datetime | None:
    """Times written by any capy: RFC 3339 with or without fractions, ``Z`` or an offset."""
    if not text:
        return None
    try:
        parsed = datetime.fromisoformat(text.replace("Z", "+00:00").replace(" ", "T"))
    except ValueError:
        return None
    return parsed.replace(tzinfo=UTC) if parsed.tzinfo is None else parsed.astimezone(UTC)


def to_session(row: tuple[Any, ...]) -> VaultSession:
    return VaultSession(
        uuid=row[0],
        content_hash=row[1],
        size_bytes=row[2],
        machine_id=row[3],
        claude_project_dir=row[4],
        project_path=row[5],
        archived_at=parse_time(row[6]) or datetime.fromtimestamp(0, UTC),
        title=row[7],
        start_time=parse_time(row[8]),
        end_time=parse_time(row[9]),
        message_count=row[10],
        git_branch=row[11],
        index_version=row[12],
        stored_bytes=row[13],
        file_count=row[14],
    )
