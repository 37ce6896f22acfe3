"""Folding events into a session's state: supersede, resolve, keep the goal, bound."""

from __future__ import annotations

from domain.continuity.event import (
    DECISION,
    ERROR,
    FAILED,
    FILE,
    GOAL,
    OK,
    PROMPT,
    RESOLVED,
    TASK,
    SessionEvent,
    priority,
)
from domain.continuity.state import bound, fold, settle


def _e(category: str, action: str, key: str, text: str = "", at: float = 0.0) -> SessionEvent:
    return SessionEvent(category, action, key, text or key, at)


def test_a_later_passing_run_resolves_the_failure_it_covers() -> None:
    events = [
        _e(ERROR, FAILED, "cmd:pytest tests/a.py", "pytest tests/a.py: boom", 1),
        _e(ERROR, FAILED, "cmd:mypy src", "mypy src: error", 2),
        _e(OK, "passed", "cmd:pytest", "pytest -q", 3),
        _e(ERROR, FAILED, "file:a.py", "Edit a.py: old_string not found", 4),
        _e(FILE, "edit", "a.py", at=5),
    ]
    state = fold(events)
    assert state.open_errors == ["mypy src: error"]
    assert state.resolved_errors == ["pytest tests/a.py: boom", "Edit a.py: old_string not found"]
    # a pass before the failure resolves nothing
    assert fold([_e(OK, "passed", "cmd:pytest", at=0.5), events[0]]).open_errors


def test_an_edited_file_stays_edited_and_files_are_most_recent_first() -> None:
    state = fold(
        [
            _e(FILE, "edit", "a.py", at=1),
            _e(FILE, "read", "b.py", at=2),
            _e(FILE, "read", "a.py", at=3),
            _e(FILE, "write", "c.py", at=4),
            _e(FILE, "search", "search todo", "todo", at=5),
        ]
    )
    assert state.edited == ["c.py", "a.py"]  # a.py was last touched (read) before c.py
    assert state.read == ["b.py"]
    assert state.searches == ["todo"]


def test_the_latest_task_list_replaces_the_earlier_one() -> None:
    state = fold(
        [
            _e(TASK, "list", "list", "in progress\tA\npending\tB", 1),
            _e(TASK, "list", "list", "done\tA\nin progress\tB", 2),
            _e(TASK, "pending", "task 7", "C", 3),
        ]
    )
    assert state.tasks == [("done", "A"), ("in progress", "B"), ("pending", "C")]


def test_the_first_substantive_prompt_is_the_goal_until_one_is_stated() -> None:
    first = [
        _e(PROMPT, "asked", "hi", "hi", 1),
        _e(PROMPT, "asked", "fix", "Fix the CSV export for empty rows", 2),
        _e(PROMPT, "asked", "more", "Also update the docs please", 3),
    ]
    state = fold(first)
    assert (state.goal, state.goal_stated) == ("Fix the CSV export for empty rows", False)
    assert state.requests == ["hi", "Also update the docs please"]
    stated = fold([*first, _e(GOAL, "stated", "goal", "Ship 2.0", 4)])
    assert (stated.goal, stated.goal_stated) == ("Ship 2.0", True)


def test_settling_twice_changes_nothing() -> None:
    events = [
        _e(PROMPT, "asked", "p", "A request long enough to be a goal", 1),
        _e(ERROR, FAILED, "cmd:make", "make: boom", 2),
        _e(OK, "passed", "cmd:make", "make", 3),
        _e(DECISION, "stated", "d", "use httpx", 4),
    ]
    once = settle(events)
    assert settle(once) == once
    assert [e.action for e in once if e.category == ERROR] == [RESOLVED]


def test_bounding_drops_the_lowest_priority_and_oldest_first() -> None:
    events = [_e(OK, "passed", f"cmd:c{i}", at=i) for i in range(10)]
    events += [_e(FILE, "read", f"r{i}.py", at=10 + i) for i in range(5)]
    events += [_e(DECISION, "stated", "d", at=20)]
    kept = bound(events, 8)
    assert len(kept) == 8
    assert [e.key for e in kept if e.category == OK] == ["cmd:c8", "cmd:c9"]
    assert sum(e.category == FILE for e in kept) == 5 and any(e.category == DECISION for e in kept)
    assert kept == sorted(kept, key=lambda e: e.at)
    assert [priority(e) for e in kept].count(1) == 1
