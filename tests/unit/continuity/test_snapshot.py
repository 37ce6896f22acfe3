"""The restored snapshot: facts first by priority, at most 2 KB, plain words, stable."""

from __future__ import annotations

import re

from hypothesis import given, settings
from hypothesis import strategies as st

from domain.continuity.event import (
    DECISION,
    ERROR,
    FAILED,
    FILE,
    GIT,
    GOAL,
    OK,
    PROMPT,
    RULE,
    TASK,
    SessionEvent,
)
from domain.continuity.record import render_record
from domain.continuity.snapshot import COMPACTED, RESUMED, SNAPSHOT_BYTES, render_snapshot
from domain.continuity.state import fold


def _busy_session() -> list[SessionEvent]:
    """A long session: hundreds of files, prompts and commands, and the facts that matter."""
    events = [SessionEvent(GOAL, "stated", "goal", "Migrate the billing service to Postgres 16", 0)]
    for i in range(300):
        events.append(SessionEvent(FILE, "read", f"src/module_{i}/x.py", f"src/module_{i}/x.py", i))
        events.append(SessionEvent(PROMPT, "asked", f"p{i}", f"request number {i} " * 8, i))
        events.append(SessionEvent(OK, "passed", f"cmd:ls {i}", f"ls {i}", i))
        events.append(SessionEvent(GIT, "ran", f"git c{i}", f"committed: change {i}", i))
    events += [
        SessionEvent(FILE, "edit", f"src/db/m{i}.py", f"src/db/m{i}.py", 400 + i) for i in range(12)
    ]
    events += [
        SessionEvent(
            TASK, "list", "list", "done\tSchema\nin progress\tData copy\npending\tCutover", 500
        ),
        SessionEvent(DECISION, "stated", "d1", "Use logical replication, not pg_dump.", 501),
        SessionEvent(RULE, "stated", "r1", "Never run migrations against prod from a laptop.", 502),
        SessionEvent(
            ERROR, FAILED, "cmd:alembic upgrade", "alembic upgrade head: relation exists", 503
        ),
    ]
    return events


def test_a_busy_session_fits_in_2_kb_with_every_important_fact() -> None:
    text = render_snapshot(fold(_busy_session()), "s1", COMPACTED)
    assert len(text.encode("utf-8")) <= SNAPSHOT_BYTES
    for fact in [
        "Migrate the billing service to Postgres 16",
        "Data copy (in progress)",
        "Use logical replication, not pg_dump.",
        "Never run migrations against prod from a laptop.",
        "alembic upgrade head: relation exists",
        "src/db/m11.py",
        "src/db/m2.py",  # ten most recent edited files
        'source "session-events:s1"',
    ]:
        assert fact in text, fact
    assert "src/db/m1.py;" not in text and not text.rstrip().endswith("src/db/m1.py")


def test_the_snapshot_states_facts_without_telling_the_agent_what_to_do() -> None:
    for occasion in (COMPACTED, RESUMED):
        text = render_snapshot(fold(_busy_session()), "s1", occasion)
        own_words = "\n".join(line.split(":", 1)[0] for line in text.splitlines()[1:])
        own_words += text.splitlines()[0]
        assert not re.search(
            r"\b(must|should|ignore|important|instruction|always|never)\b", own_words, re.IGNORECASE
        )


def test_the_same_events_give_the_same_bytes() -> None:
    events = _busy_session()
    assert render_snapshot(fold(events), "s", COMPACTED) == render_snapshot(
        fold(list(reversed(events))), "s", COMPACTED
    )


def test_no_events_no_snapshot() -> None:
    assert render_snapshot(fold([]), "s", COMPACTED) == ""
    assert render_record(fold([]), "s", "/p") == ""


_events = st.lists(
    st.builds(
        SessionEvent,
        st.sampled_from([GOAL, PROMPT, TASK, DECISION, RULE, FILE, ERROR, OK, GIT]),
        st.sampled_from(["stated", "asked", "list", "edit", "read", FAILED, "passed", "ran"]),
        st.text(max_size=40),
        st.text(max_size=400),
        st.floats(min_value=0, max_value=2e9, allow_nan=False),
    ),
    max_size=80,
)


@settings(max_examples=150, deadline=None)
@given(_events)
def test_any_events_fit_the_budget(events: list[SessionEvent]) -> None:
    text = render_snapshot(fold(events), "session", COMPACTED)
    assert len(text.encode("utf-8", "surrogatepass")) <= SNAPSHOT_BYTES


def test_the_record_has_a_section_per_kind_of_fact() -> None:
    record = render_record(fold(_busy_session()), "s1", "/srv/billing")
    for heading in [
        "## Goal",
        "## Tasks",
        "## Decisions",
        "## Rules the user stated",
        "## Files edited",
        "## Errors",
        "## Git operations",
    ]:
        assert heading in record
    assert "- unresolved: alembic upgrade head: relation exists" in record


def test_long_lists_and_a_flood_of_low_priority_facts_never_push_out_an_error() -> None:
    events = [
        SessionEvent(FILE, "search", f"search filler{i}", f"filler{i} in src", i)
        for i in range(5000)
    ]
    events += [
        SessionEvent(FILE, "read", f"src/r{i}.py", f"src/r{i}.py", 6000 + i) for i in range(40)
    ]
    long = "x" * 90
    events += [
        SessionEvent(FILE, "edit", f"src/{long}{i}.py", f"src/{long}{i}.py", 7000 + i)
        for i in range(40)
    ]
    events += [
        SessionEvent(TASK, "pending", f"task {i}", f"task number {i} " + long, 8000 + i)
        for i in range(15)
    ]
    events += [
        SessionEvent(ERROR, FAILED, "cmd:pytest", "pytest: FAILED tests/a.py::t - KeyError", 1),
        SessionEvent(DECISION, "stated", "d", "Use sqlite instead of postgres.", 2),
        SessionEvent(RULE, "stated", "r", "Never push to main.", 3),
    ]
    text = render_snapshot(fold(events), "s1", COMPACTED)
    assert len(text.encode("utf-8")) <= SNAPSHOT_BYTES
    for fact in ("KeyError", "sqlite instead of postgres", "Never push to main", "task number 0"):
        assert fact in text, fact
    assert "Searched for: filler4999" in text  # the lowest tier still gets what is left


def test_a_request_that_repeats_a_decision_is_given_once() -> None:
    said = "Let's go with csv.writer instead of pandas."
    events = [
        SessionEvent(PROMPT, "asked", "p", said, 1),
        SessionEvent(DECISION, "stated", "d", said, 1),
    ]
    text = render_snapshot(fold(events), "s1", COMPACTED)
    assert text.count("csv.writer") == 1 and "Decisions: " + said in text
