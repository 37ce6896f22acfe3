"""The lines of a session journal and of a kept snapshot: a header naming the project and the
session, then one JSON object per event; a snapshot's header says which events it covers.
Torn and foreign lines are skipped when read.
"""

# On the hook path: importing pathlib (and urllib.parse with it) costs ~4 ms per tool call.

from __future__ import annotations

import os

from adapters.quick_json import dumps, loads
from domain.continuity.event import SessionEvent
from domain.continuity.kept_snapshot import KeptSnapshot

HEADER = "capy-session-journal"
SNAPSHOT_HEADER = "capy-snapshot"


def real_path(project_dir: str) -> str:
    return os.path.realpath(project_dir) if project_dir else ""


def inside(project: str, root: str) -> bool:
    return bool(root) and (project == root or project.startswith(root.rstrip("/") + "/"))


def header_line(project_dir: str, session_id: str) -> str:
    return dumps(
        {HEADER: 1, "project": real_path(project_dir), "session": session_id}, ensure_ascii=False
    )


def encode_event(event: SessionEvent) -> str:
    record = {
        "t": round(event.at, 3),
        "c": event.category,
        "a": event.action,
        "k": event.key,
        "x": event.text,
    }
    return dumps(record, ensure_ascii=False)


def decode_snapshot(text: str) -> KeptSnapshot:
    """A kept snapshot; a file without the header (an older capy's) counts as covering no
    event, so any event in the journal makes it stale."""
    first, _, rest = text.partition("\n")
    try:
        header = loads(first) if first.startswith("{") else None
    except ValueError:
        header = None
    if not isinstance(header, dict) or header.get(SNAPSHOT_HEADER) != 1:
        return KeptSnapshot(text, 0.0)
    through = header.get("through")
    return KeptSnapshot(
        rest,
        float(through) if isinstance(through, int | float) else 0.0,
        header.get("consumed") is True,
    )


def decode_events(text: str) -> list[SessionEvent]:
    events: list[SessionEvent] = []
    for line in text.split("\n"):
        if not line.startswith('{"t"'):
            continue  # the header, a blank or torn line
        try:
            record = loads(line)
        except ValueError:
            continue
        at, fields = record.get("t"), [record.get(k) for k in ("c", "a", "k", "x")]
        if isinstance(at, int | float) and all(isinstance(f, str) for f in fields):
            category, action, key, words = fields
            events.append(SessionEvent(category, action, key, words, float(at)))
    return events
