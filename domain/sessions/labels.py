"""Session source labels: ``session:<start>:<session id>`` (``#<n>`` for later parts).

The start is the UTC time of the session's first typed message, to the second
(``2026-08-20T09:14:03Z``), so labels sort by time and say when a session began. A session too
large for one source continues in parts ``#2``, ``#3``…; the first part carries no suffix.
"""

from __future__ import annotations

from datetime import UTC, datetime

import attrs

PREFIX = "session:"
PART_MARK = "#"


def start_stamp(timestamp: str) -> str:
    """An ISO-8601 timestamp as ``YYYY-MM-DDTHH:MM:SSZ`` in UTC (``""`` if it is not one)."""
    try:
        moment = datetime.fromisoformat(timestamp.strip())
    except ValueError:
        return ""
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=UTC)
    return moment.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


@attrs.frozen
class SessionLabel:
    start: str
    session_id: str
    part: int = 1

    def __str__(self) -> str:
        suffix = f"{PART_MARK}{self.part}" if self.part > 1 else ""
        return f"{PREFIX}{self.start}:{self.session_id}{suffix}"

    @classmethod
    def parse(cls, label: str) -> SessionLabel | None:
        """The parts of a session label, or None for any other label."""
        if not label.startswith(PREFIX):
            return None
        start, colon, rest = label[len(PREFIX) :].rpartition(":")
        if not colon or not start or not rest:
            return None
        session_id, mark, part = rest.partition(PART_MARK)
        if mark and not (part.isdigit() and int(part) > 1):
            return None
        return cls(start, session_id, int(part) if mark else 1)
