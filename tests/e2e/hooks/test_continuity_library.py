"""The scripted session library replayed through the installed ``capy hook`` processes: every
fact listed beforehand comes back, every restore stays within 2 KB. (The 5,000-event session
runs in ``capy bench continuity-library``; here a 120-event flood stands in for it.)"""

from __future__ import annotations

import attrs
import pytest

from domain.continuity.snapshot import SNAPSHOT_BYTES
from entrypoints.bench.continuity_library import LIBRARY, LibrarySession, Script, _ledger
from entrypoints.bench.continuity_library_run import run_library


def _small_flood(project: str) -> list:
    s = Script(project, "flood")
    _ledger(s)
    for i in range(60):
        s.tool("Grep", {"pattern": f"filler{i}", "path": f"{project}/src"}, {"numFiles": 0})
        s.bash(f"ls src/module_{i}", "x.py")
    s.start("compact")
    return s.steps


SESSIONS = tuple(
    attrs.evolve(session, steps=_small_flood) if session.name.startswith("5,000") else session
    for session in LIBRARY
)


def test_the_library_has_the_sessions_a_person_asked_for() -> None:
    assert len(LIBRARY) >= 12
    assert all(session.facts for session in LIBRARY)
    assert any(session.server for session in LIBRARY)
    assert any(not session.server for session in LIBRARY)
    flood = next(s for s in LIBRARY if s.name.startswith("5,000"))
    assert sum(step.event == "posttooluse" for step in flood.steps("/p")) >= 5_000


@pytest.mark.parametrize("session", SESSIONS, ids=[s.name for s in SESSIONS])
def test_every_listed_fact_comes_back_within_the_bound(
    capy_command: str, session: LibrarySession
) -> None:
    [result] = run_library(capy_command, (session,)).sessions
    assert result.all_back, [fact for fact, ok in result.facts if not ok]
    assert result.restore_bytes <= SNAPSHOT_BYTES
