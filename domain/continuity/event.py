"""One fact of a session as the hook records it, and how much it matters."""

from __future__ import annotations

from domain.hooks.value import Value

GOAL = "goal"
PROMPT = "prompt"
TASK = "task"
DECISION = "decision"
RULE = "rule"
FILE = "file"
ERROR = "error"
OK = "ok"
GIT = "git"
ENV = "env"
SUBAGENT = "subagent"
PLAN = "plan"
SKILL = "skill"
MCP = "mcp"
INSTRUCTIONS = "instructions"
ROLE = "role"
DATA = "data"

# The tools that start a subagent (Claude Code's older and newer names).
SUBAGENT_TOOLS = frozenset({"Agent", "Task"})
# FILE actions that change a file (the rest are "read" and "search").
EDITS = frozenset({"edit", "write", "delete"})
# The first substantive prompt of a session stands for its goal when none was stated.
FIRST_PROMPT = "first-prompt"
STATED = "stated"
FAILED = "failed"
# A prompt the user sent while the host was in plan mode (Claude Code's ``permission_mode``).
IN_PLAN_MODE = "asked in plan mode"
RESOLVED = "resolved"


class SessionEvent(Value):
    """A fact: ``category`` (what kind), ``action`` (what happened), ``key`` (which thing — a
    later event with the same category and key supersedes it), ``text`` (plain words, already
    redacted and trimmed), ``at`` (seconds since the epoch)."""

    __slots__ = ("action", "at", "category", "key", "text")
    category: str
    action: str
    key: str
    text: str
    at: float

    def __init__(self, category: str, action: str, key: str, text: str, at: float) -> None:
        self._init(category=category, action=action, key=key, text=text, at=at)

    @property
    def identity(self) -> tuple[str, str]:
        return (self.category, self.key)

    def same_fact(self, other: SessionEvent) -> bool:
        """Equal but for the time: a repeat that adds nothing."""
        return (self.category, self.action, self.key, self.text) == (
            other.category,
            other.action,
            other.key,
            other.text,
        )


def priority(event: SessionEvent) -> int:
    """1 (kept longest, restored first) to 4 (dropped first)."""
    category, action = event.category, event.action
    if category in {GOAL, TASK, RULE, DECISION, PLAN, ROLE, INSTRUCTIONS}:
        return 1
    if category == FILE:
        return 1 if action in EDITS else 2 if action == "read" else 3
    if category == ERROR:
        return 1 if action == FAILED else 3
    if category in {GIT, ENV, SUBAGENT, SKILL, MCP}:
        return 2
    if category in {PROMPT, DATA}:
        return 3
    return 4
