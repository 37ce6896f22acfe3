"""The snapshot a new context receives: a session's facts in plain words, at most 2 KB.

Sections are filled in priority order — goal, latest request, open tasks, edited files,
unresolved errors, decisions and rules first; files read, git, environment and subagents next;
resolved errors, earlier requests and searches last — and a section takes as many of its items
(most recent first) as still fit. The text states facts and never tells the agent what it must
do (a host's classifier may read imperative text as an injection), and it depends only on the
events, so the same session yields the same bytes on every call (prompt caches stay valid).
"""

from __future__ import annotations

import time

from domain.continuity.state import SessionState
from domain.continuity.wording import clip
from domain.hooks.value import Value

SNAPSHOT_BYTES = 2_048
COMPACTED = "compacted"
RESUMED = "resumed"


class KeptSnapshot(Value):
    """A snapshot PreCompact kept: its ``text``, the time of the last event it covers
    (``through``), and whether a SessionStart already restored it (``consumed``). A snapshot
    is restored as it is only while unconsumed and no event came after it (ADR 0060)."""

    __slots__ = ("consumed", "text", "through")
    text: str
    through: float
    consumed: bool

    def __init__(self, text: str, through: float, consumed: bool = False) -> None:
        self._init(text=text, through=through, consumed=consumed)


def session_label(session_id: str) -> str:
    """The label of a session's searchable record in the knowledge base."""
    return f"session-events:{session_id}"


def render_snapshot(
    state: SessionState, session_id: str, occasion: str, budget: int = SNAPSHOT_BYTES
) -> str:
    """The facts of ``state`` in at most ``budget`` UTF-8 bytes ("" when there are none)."""
    if state.empty:
        return ""
    when = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime(state.last_at))
    if occasion == RESUMED:
        opening = f"capy's record of the session being resumed (last activity {when})."
    else:
        opening = "capy's record of this session from before its context was compacted."
    lines = [opening + f' capy_search finds more under source "{session_label(session_id)}".']
    used = _size(lines[0])
    for title, items in _sections(state):
        line = ""
        for item in items:
            candidate = f"{line}; {item}" if line else f"{title}: {item}"
            if used + _size(candidate) + 1 > budget:
                break
            line = candidate
        if line:
            lines.append(line)
            used += _size(line) + 1
    return "\n".join(lines) if len(lines) > 1 else ""


def _size(text: str) -> int:
    return len(text.encode("utf-8"))


def _sections(state: SessionState) -> list[tuple[str, list[str]]]:
    latest = state.requests[-1] if state.requests else ""
    open_tasks = [
        f"{clip(text, 120)} ({status})"
        for status, text in sorted(state.tasks, key=lambda task: task[0] != "in progress")
        if status not in {"done", "cancelled"}
    ]
    done = sum(1 for status, _ in state.tasks if status == "done")
    if done:
        open_tasks.append(f"{done} done")
    goal = state.goal if state.goal_stated else state.goal and f"(first request) {state.goal}"
    return [
        ("Goal", [clip(goal, 300)] if goal else []),
        ("Latest request", [clip(latest, 200)] if latest and latest != state.goal else []),
        ("Open tasks" if done < len(state.tasks) else "Tasks", open_tasks[:9]),
        ("Files edited", [clip(path, 100) for path in state.edited[:10]]),
        ("Unresolved errors", [clip(e, 200) for e in reversed(state.open_errors[-3:])]),
        ("Decisions", [clip(d, 160) for d in reversed(state.decisions[-5:])]),
        ("Rules the user stated", [clip(r, 160) for r in reversed(state.rules[-5:])]),
        ("Files read", [clip(path, 100) for path in state.read[:10]]),
        ("Git", [clip(g, 120) for g in reversed(state.git[-5:])]),
        ("Environment", [clip(e, 120) for e in reversed(state.environment[-5:])]),
        ("Subagents", [f"{clip(t, 100)}: {s}" for s, t in reversed(state.subagents[-5:])]),
        ("Resolved errors", [clip(e, 120) for e in reversed(state.resolved_errors[-3:])]),
        ("Earlier requests", [clip(r, 120) for r in reversed(state.requests[-4:-1])]),
        ("Searched for", [clip(s, 80) for s in state.searches[:5]]),
    ]
