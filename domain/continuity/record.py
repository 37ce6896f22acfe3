"""A session's searchable record: every fact capy kept, as a markdown document whose sections
the chunker splits on, so ``capy_search`` can answer "what did we decide about X"."""

from __future__ import annotations

import time

from domain.continuity.snapshot import mcp_by_server
from domain.continuity.state import SessionState


def render_record(state: SessionState, session_id: str, project: str) -> str:
    """The whole state in markdown ("" when the session has no facts)."""
    if state.empty:
        return ""
    parts = [
        f"# Session {session_id}: what capy recorded",
        f"Project {project}; first event {_when(state.first_at)}, last {_when(state.last_at)}.",
    ]
    goal = [state.goal] if state.goal else []
    tasks = [f"{text} ({status})" for status, text in state.tasks]
    subagents = [f"{text}: {status}" for status, text in state.subagents]
    errors = [f"unresolved: {e}" for e in state.open_errors]
    errors += [f"resolved: {e}" for e in state.resolved_errors]
    for title, items in (
        ("Goal" if state.goal_stated else "Goal (the first request)", goal),
        ("Requests", state.requests),
        ("Tasks", tasks),
        ("Decisions", state.decisions),
        ("Rules the user stated", state.rules),
        ("Files edited", state.edited),
        ("Files read", state.read),
        ("Searches", state.searches),
        ("Errors", errors),
        ("Git operations", state.git),
        ("Environment", state.environment),
        ("Subagents", subagents),
        ("Commands that ran", state.commands),
        ("Plan mode", [state.plan] if state.plan else []),
        ("Role the user set", [state.role] if state.role else []),
        ("Instruction files", state.instructions),
        ("Skills and commands", state.skills),
        ("MCP tools", mcp_by_server(state.mcp)),
        ("Pasted data", state.pasted),
    ):
        if items:
            parts.append(f"## {title}\n\n" + "\n".join(f"- {item}" for item in items))
    return "\n\n".join(parts) + "\n"


def _when(at: float) -> str:
    return time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime(at))
