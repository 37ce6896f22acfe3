"""Folding a session's events into its current state.

Events are facts in time order; a later event about the same thing (same category and key)
supersedes an earlier one, except that a file once edited stays "edited". A failed command is
resolved by a later passing run that covers it, a failed file operation by a later edit of the
file. The first substantive prompt stands for the goal until the user states one.
"""

from __future__ import annotations

from collections.abc import Iterable

from domain.continuity.event import (
    DATA,
    DECISION,
    EDITS,
    ENV,
    ERROR,
    FAILED,
    FILE,
    FIRST_PROMPT,
    GIT,
    GOAL,
    IN_PLAN_MODE,
    INSTRUCTIONS,
    MCP,
    OK,
    PLAN,
    PROMPT,
    RESOLVED,
    ROLE,
    RULE,
    SKILL,
    SUBAGENT,
    TASK,
    SessionEvent,
    priority,
)

MIN_GOAL_CHARS = 20  # "hi", "continue", "yes" are not goals


def command_resolves(passed: str, failed: str) -> bool:
    """Whether the passing run ``passed`` covers what the run ``failed`` had failed (both are
    keys ``shell_facts.command_key`` made; compared here as words, so a restore does not load
    the shell reader).

    Same program, and either the passing run named nothing narrower (``pytest`` after ``pytest
    tests/a.py``) or each of its operands is one of, or a directory above, the failed ones.
    """
    ok_program, *ok_operands = passed.split(" ")
    bad_program, *bad_operands = failed.split(" ")
    if not ok_program or ok_program != bad_program:
        return False
    return all(
        any(bad == ok or bad.startswith(ok.rstrip("/") + "/") for bad in bad_operands)
        for ok in ok_operands
    )


def settle(events: Iterable[SessionEvent]) -> list[SessionEvent]:
    """One event per thing, in time order, with errors resolved and the goal marked."""
    ordered = sorted(events, key=lambda event: event.at)
    ordered = _resolve_errors(ordered)
    ordered = _mark_first_prompt(ordered)
    latest: dict[tuple[str, str], SessionEvent] = {}
    for event in ordered:
        previous = latest.pop(event.identity, None)
        if (
            previous is not None
            and event.category == FILE
            and previous.action in EDITS
            and event.action not in EDITS
        ):
            event = SessionEvent(FILE, previous.action, event.key, event.text, event.at)
        latest[event.identity] = event
    return sorted(latest.values(), key=lambda event: event.at)


def bound(
    events: list[SessionEvent], max_events: int, max_chars: int | None = None
) -> list[SessionEvent]:
    """At most ``max_events`` events of at most ``max_chars`` characters of text and key in
    all: the lowest priority goes first, the oldest first among equals."""
    sizes = [len(event.text) + len(event.key) for event in events]
    if len(events) <= max_events and (max_chars is None or sum(sizes) <= max_chars):
        return events
    ranked = sorted(range(len(events)), key=lambda i: (priority(events[i]), -events[i].at))
    kept: set[int] = set()
    used = 0
    for index in ranked[:max_events]:
        if max_chars is not None and used + sizes[index] > max_chars:
            continue
        kept.add(index)
        used += sizes[index]
    return [event for index, event in enumerate(events) if index in kept]


def _resolve_errors(events: list[SessionEvent]) -> list[SessionEvent]:
    if not any(e.category == ERROR and e.action == FAILED for e in events):
        return events
    settled: list[SessionEvent] = []
    for index, event in enumerate(events):
        if event.category == ERROR and event.action == FAILED:
            later = events[index + 1 :]
            if any(_resolves(after, event.key) for after in later):
                event = SessionEvent(ERROR, RESOLVED, event.key, event.text, event.at)
        settled.append(event)
    return settled


def _resolves(event: SessionEvent, error_key: str) -> bool:
    kind, _, what = error_key.partition(":")
    if event.category == OK:
        done_kind, _, done = event.key.partition(":")
        if done_kind != kind:
            return False
        return command_resolves(done, what) if kind == "cmd" else done == what
    return kind == "file" and event.category == FILE and event.action in EDITS and event.key == what


def _mark_first_prompt(events: list[SessionEvent]) -> list[SessionEvent]:
    if any(e.category == GOAL and e.key == FIRST_PROMPT for e in events):
        return events
    for index, event in enumerate(events):
        if event.category == PROMPT and len(event.text) >= MIN_GOAL_CHARS:
            first = SessionEvent(GOAL, FIRST_PROMPT, FIRST_PROMPT, event.text, event.at)
            return [*events[:index], first, *events[index + 1 :]]
    return events


class SessionState:
    """What a session is about and where it stands, ready to be put into words."""

    __slots__ = (
        "commands",
        "decisions",
        "edited",
        "environment",
        "first_at",
        "git",
        "goal",
        "goal_stated",
        "instructions",
        "last_at",
        "mcp",
        "open_errors",
        "pasted",
        "plan",
        "read",
        "requests",
        "resolved_errors",
        "role",
        "rules",
        "searches",
        "skills",
        "subagents",
        "tasks",
    )

    def __init__(self) -> None:
        self.goal = ""
        self.goal_stated = False
        self.requests: list[str] = []
        self.tasks: list[tuple[str, str]] = []
        self.decisions: list[str] = []
        self.rules: list[str] = []
        self.edited: list[str] = []
        self.read: list[str] = []
        self.searches: list[str] = []
        self.open_errors: list[str] = []
        self.resolved_errors: list[str] = []
        self.git: list[str] = []
        self.environment: list[str] = []
        self.subagents: list[tuple[str, str]] = []
        self.commands: list[str] = []
        self.plan = ""
        self.role = ""
        self.instructions: list[str] = []
        self.skills: list[str] = []
        self.mcp: list[tuple[str, str]] = []
        self.pasted: list[str] = []
        self.first_at = 0.0
        self.last_at = 0.0

    @property
    def empty(self) -> bool:
        return not self.last_at


def fold(events: Iterable[SessionEvent]) -> SessionState:
    """The state after ``events``; lists run oldest first (files: most recent first)."""
    all_events = list(events)
    settled = settle(all_events)
    state = SessionState()
    if not settled:
        return state
    state.first_at, state.last_at = settled[0].at, settled[-1].at
    task_list: list[tuple[str, str]] = []
    single_tasks: list[tuple[str, str]] = []
    for event in settled:
        category, action, text = event.category, event.action, event.text
        if category == GOAL:
            if event.key == FIRST_PROMPT and not state.goal_stated:
                state.goal = text
            elif event.key != FIRST_PROMPT:
                state.goal, state.goal_stated = text, True
        elif category == PROMPT:
            state.requests.append(text)
        elif category == TASK:
            if action == "list":
                task_list = [_task_line(line) for line in text.splitlines() if line.strip()]
            elif text:
                single_tasks.append((action, text))
        elif category == DECISION:
            state.decisions.append(text)
        elif category == RULE:
            state.rules.append(text)
        elif category == FILE:
            _file(state, action, text)
        elif category == ERROR:
            (state.open_errors if action == FAILED else state.resolved_errors).append(text)
        elif category == GIT:
            state.git.append(text)
        elif category == ENV:
            state.environment.append(text)
        elif category == SUBAGENT:
            state.subagents.append((action, text))
        elif category == OK and event.key.startswith("cmd:"):
            state.commands.append(text)
        else:
            _host_fact(state, event)
    state.tasks = task_list + single_tasks
    if _planning(all_events) and not state.plan.startswith("plan mode"):
        now = "in plan mode (the latest request was made in it)"
        state.plan = f"{now}; before: {state.plan}" if state.plan else now
    for files in (state.edited, state.read, state.searches):
        files.reverse()
    state.read = [path for path in state.read if path not in state.edited]
    return state


def _planning(events: list[SessionEvent]) -> bool:
    """The latest request was made in plan mode, and no plan-mode tool ran after it."""
    latest = max(
        (e for e in events if e.category in {PROMPT, PLAN}), key=lambda e: e.at, default=None
    )
    return latest is not None and latest.action == IN_PLAN_MODE


def _host_fact(state: SessionState, event: SessionEvent) -> None:
    category, action, text = event.category, event.action, event.text
    if category == PLAN:
        state.plan = text if action == "entered" else f"{action}: {text}"
    elif category == ROLE:
        state.role = text
    elif category == INSTRUCTIONS:
        state.instructions.append(text)
    elif category == SKILL:
        state.skills.append(f"{text} (failed)" if action == "failed" else text)
    elif category == MCP:
        state.mcp.append((action, text))
    elif category == DATA:
        state.pasted.append(text)


def _file(state: SessionState, action: str, path: str) -> None:
    if action in EDITS:
        state.edited.append(f"{path} (deleted)" if action == "delete" else path)
    elif action == "read":
        state.read.append(path)
    else:
        state.searches.append(path)


def _task_line(line: str) -> tuple[str, str]:
    status, _, text = line.partition("\t")
    return (status, text) if text else ("pending", status)
