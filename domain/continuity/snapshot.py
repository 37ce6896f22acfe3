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

SNAPSHOT_BYTES = 2_048
COMPACTED = "compacted"
RESUMED = "resumed"


def session_label(session_id: str) -> str:
    """The label of a session's searchable record in the knowledge base."""
    return f"session-events:{session_id}"


# Each tier may fill the snapshot up to this share of its bytes before the next tier starts;
# what a tier leaves unused goes to the tiers after it, and a last pass fills what is left.
FIRST_REQUEST = "Goal (the first request)"
TIER_SHARES = ((1, 0.6), (2, 0.85), (3, 1.0))


def render_snapshot(
    state: SessionState, session_id: str, occasion: str, budget: int = SNAPSHOT_BYTES
) -> str:
    """The facts of ``state`` in at most ``budget`` UTF-8 bytes ("" when there are none).

    Sections are filled in turns — the most recent item of each section of a tier, then the
    next of each, … — until the tier reaches its share (``TIER_SHARES``), so neither a long
    list of one kind nor a flood of low-priority facts can push out an error or a decision.
    An item that repeats one already given (a request that is also the decision) is left out.
    """
    if state.empty:
        return ""
    when = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime(state.last_at))
    if occasion == RESUMED:
        opening = f"capy's record of the session being resumed (last activity {when})."
    else:
        opening = "capy's record of this session from before its context was compacted."
    opening += f' capy_search finds more under source "{session_label(session_id)}".'
    sections = _without_repeats(_sections(state))
    taken = [0] * len(sections)
    used = _size(opening)
    for tier, share in TIER_SHARES:
        used = _fill(sections, taken, used, int(budget * share), {tier})
    used = _fill(sections, taken, used, budget, {1, 2, 3})
    lines = [opening]
    for (_, title, items), count in zip(sections, taken, strict=True):
        if count:
            lines.append(f"{title}: " + "; ".join(items[:count]))
    return "\n".join(lines) if len(lines) > 1 else ""


def _fill(
    sections: list[tuple[int, str, list[str]]],
    taken: list[int],
    used: int,
    limit: int,
    chosen: set[int],
) -> int:
    """Add items to the ``chosen`` tiers' sections, one per section per turn, while they fit
    within ``limit`` bytes; the bytes used after."""
    progressed = True
    while progressed:
        progressed = False
        for index, (tier, title, items) in enumerate(sections):
            count = taken[index]
            if tier not in chosen or count >= len(items):
                continue
            # a new line costs its title and a newline; a further item its separator
            cost = _size(items[count]) + (2 if count else _size(title) + 3)
            if used + cost <= limit:
                taken[index] = count + 1
                used += cost
                progressed = True
    return used


def _without_repeats(
    sections: list[tuple[int, str, list[str]]],
) -> list[tuple[int, str, list[str]]]:
    """Each item once: a request that repeats the goal, a decision, a rule or a task is left
    to that fact; any other item that repeats an earlier section's is left out."""
    requests = {FIRST_REQUEST, "Latest request", "Earlier requests"}
    facts = {_plain(i) for _, title, items in sections if title not in requests for i in items}
    seen: set[str] = set()
    kept: list[tuple[int, str, list[str]]] = []
    for tier, title, items in sections:
        unique: list[str] = []
        for item in items:
            plain = _plain(item)
            if plain in seen or (title in requests and plain in facts):
                continue
            seen.add(plain)
            unique.append(item)
        kept.append((tier, title, unique))
    return kept


def _plain(text: str) -> str:
    return " ".join("".join(c for c in text.lower() if c.isalnum() or c.isspace()).split())


def _size(text: str) -> int:
    return len(text.encode("utf-8"))


def _sections(state: SessionState) -> list[tuple[int, str, list[str]]]:
    latest = state.requests[-1] if state.requests else ""
    open_tasks = [
        f"{clip(text, 120)} ({status})"
        for status, text in sorted(state.tasks, key=lambda task: task[0] != "in progress")
        if status not in {"done", "cancelled"}
    ]
    done = sum(1 for status, _ in state.tasks if status == "done")
    if done:
        open_tasks.append(f"{done} done")
    goal = state.goal
    return [
        (1, "Goal" if state.goal_stated else FIRST_REQUEST, [clip(goal, 300)] if goal else []),
        (1, "Latest request", [clip(latest, 200)] if latest and latest != state.goal else []),
        (1, "Open tasks" if done < len(state.tasks) else "Tasks", open_tasks[:9]),
        (1, "Files edited", [clip(path, 100) for path in state.edited[:10]]),
        (1, "Unresolved errors", [clip(e, 240) for e in reversed(state.open_errors[-3:])]),
        (1, "Decisions", [clip(d, 160) for d in reversed(state.decisions[-5:])]),
        (1, "Rules the user stated", [clip(r, 160) for r in reversed(state.rules[-5:])]),
        (1, "Plan mode", [clip(state.plan, 240)] if state.plan else []),
        (1, "Role the user set", [clip(state.role, 160)] if state.role else []),
        (1, "Instruction files", [clip(p, 100) for p in reversed(state.instructions[-5:])]),
        (2, "Files read", [clip(path, 100) for path in state.read[:10]]),
        (2, "Git", [clip(g, 120) for g in reversed(state.git[-5:])]),
        (2, "Environment", [clip(e, 120) for e in reversed(state.environment[-5:])]),
        (2, "Subagents", [f"{clip(t, 100)}: {s}" for s, t in reversed(state.subagents[-5:])]),
        (2, "Skills and commands", [clip(k, 100) for k in reversed(state.skills[-5:])]),
        (2, "MCP tools", mcp_by_server(state.mcp)[:5]),
        (3, "Resolved errors", [clip(e, 120) for e in reversed(state.resolved_errors[-3:])]),
        (3, "Earlier requests", [clip(r, 120) for r in reversed(state.requests[-4:-1])]),
        (3, "Searched for", [clip(s, 80) for s in state.searches[:5]]),
        (3, "Pasted data", [clip(d, 160) for d in reversed(state.pasted[-3:])]),
    ]


def mcp_by_server(calls: list[tuple[str, str]]) -> list[str]:
    """``github (create_issue, list_prs failed)``: the MCP tools used, by server, the most
    recently used server first."""
    servers: dict[str, list[str]] = {}
    for action, text in reversed(calls):
        server, _, tool = text.partition(": ")
        servers.setdefault(server, []).append(f"{tool} failed" if action == "failed" else tool)
    return [f"{clip(server, 40)} ({', '.join(tools[:4])})" for server, tools in servers.items()]
