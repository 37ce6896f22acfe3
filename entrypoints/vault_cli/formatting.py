"""How vault values read on a terminal and in JSON: sizes, local dates, short project paths."""

from __future__ import annotations

import json
from collections.abc import Mapping
from datetime import UTC, date, datetime, time
from pathlib import Path
from typing import Any

from domain.errors import InvalidInput
from domain.vault.search import VaultHit
from domain.vault.session import VaultSession

UNTITLED = "(untitled)"


def local_time(at: datetime | None) -> str:
    return at.astimezone().strftime("%Y-%m-%d %H:%M") if at else "–"


def rfc3339(at: datetime | None) -> str | None:
    return at.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%SZ") if at else None


def short_path(path: str, home: Path | None = None) -> str:
    home_text = str(home or Path.home())
    if path == home_text:
        return "~"
    if path.startswith(home_text + "/"):
        return "~" + path[len(home_text) :]
    return path


def title_of(session: VaultSession) -> str:
    return session.title or UNTITLED


def session_json(session: VaultSession) -> dict[str, Any]:
    return {
        "uuid": session.uuid,
        "title": session.title,
        "project_path": session.project_path,
        "git_branch": session.git_branch,
        "start_time": rfc3339(session.start_time),
        "end_time": rfc3339(session.end_time),
        "message_count": session.message_count,
        "size_bytes": session.size_bytes,
        "stored_bytes": session.stored_bytes,
        "machine_id": session.machine_id,
    }


def hit_json(hit: VaultHit) -> dict[str, Any]:
    return {
        "uuid": hit.uuid,
        "subagent_id": hit.subagent_id,
        "line_index": hit.line_index,
        "role": hit.role.value,
        "project_path": hit.project_path,
        "end_time": rfc3339(hit.end_time),
        "title": hit.title,
        "snippet": hit.snippet,
    }


def dumps(value: object) -> str:
    return json.dumps(value, ensure_ascii=False, indent=2)


def parse_when(text: str, *, end_of_day: bool, flag: str) -> datetime:
    """``YYYY-MM-DD`` (local; ``end_of_day`` makes it inclusive to 23:59:59) or RFC 3339."""
    given = text.strip()
    try:
        if len(given) == 10:
            day = date.fromisoformat(given)
            moment = datetime.combine(day, time.max if end_of_day else time.min)
            return moment.replace(microsecond=0).astimezone(UTC)
        parsed = datetime.fromisoformat(given.replace("Z", "+00:00"))
    except ValueError:
        raise InvalidInput(
            f"{flag} {text!r} is not a date", f"write {flag} 2026-03-01 or 2026-03-01T09:30:00Z"
        ) from None
    return (parsed if parsed.tzinfo else parsed.astimezone()).astimezone(UTC)


def counts_line(counts: Mapping[str, int]) -> str:
    return ", ".join(f"{name} {value}" for name, value in counts.items())
