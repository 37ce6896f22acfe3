"""After a compaction the restore is never older than the session's last recorded event."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from adapters.memory.fixed_clock import FixedClock
from adapters.memory.in_memory_session_journal import InMemorySessionJournal
from application.use_cases.record_session_events import RecordSessionEvents
from application.use_cases.restore_session import RestoreSession
from application.use_cases.snapshot_session import SnapshotSession
from domain.hooks.events import HookEvent
from domain.hooks.tool_call import HookInput, ToolCall, ToolOutcome

PROJECT = "/home/dev/app"
START = datetime(2026, 5, 18, 9, 0, tzinfo=UTC)


class _Session:
    def __init__(self) -> None:
        self.journal = InMemorySessionJournal()
        self.minutes = 0

    def edit(self, path: str) -> None:
        self.minutes += 1
        clock = FixedClock(START + timedelta(minutes=self.minutes))
        RecordSessionEvents(self.journal, clock).execute(
            HookInput(
                HookEvent.POST_TOOL_USE,
                session_id="s",
                project_dir=PROJECT,
                tool=ToolCall("Edit", {"file_path": f"{PROJECT}/{path}"}),
                outcome=ToolOutcome({}),
            )
        )

    def precompact(self) -> None:
        SnapshotSession(self.journal).execute(
            HookInput(HookEvent.PRE_COMPACT, session_id="s", project_dir=PROJECT)
        )

    def restore(self) -> str:
        start = HookInput(
            HookEvent.SESSION_START, session_id="s", project_dir=PROJECT, source="compact"
        )
        return RestoreSession(self.journal).execute(start)


def test_an_edit_after_the_last_precompact_is_restored() -> None:
    session = _Session()
    session.edit("old.py")
    session.precompact()
    assert "old.py" in session.restore()
    session.edit("new.py")  # then a compaction whose PreCompact never ran
    restored = session.restore()
    assert "new.py" in restored and "old.py" in restored


def test_the_kept_snapshot_is_returned_once_then_marked_consumed() -> None:
    session = _Session()
    session.edit("a.py")
    session.precompact()
    kept = session.journal.snapshot(PROJECT, "s")
    assert kept is not None and not kept.consumed
    first = session.restore()
    assert first == kept.text
    after = session.journal.snapshot(PROJECT, "s")
    assert after is not None and after.consumed
    assert session.restore() == first  # rebuilt from the journal: the same bytes


def test_two_compactions_in_a_row_each_restore_the_session_as_it_stands() -> None:
    session = _Session()
    session.edit("first.py")
    session.precompact()
    session.restore()
    session.edit("second.py")
    session.precompact()
    second = session.restore()
    assert "second.py" in second and "first.py" in second
    session.edit("third.py")
    assert "third.py" in session.restore()  # the third PreCompact failed


def test_without_any_precompact_the_restore_is_built_from_the_journal() -> None:
    session = _Session()
    session.edit("only.py")
    assert "only.py" in session.restore()
    assert session.journal.snapshot(PROJECT, "s") is None


def test_a_snapshot_whose_journal_is_gone_is_still_restored() -> None:
    session = _Session()
    session.edit("a.py")
    session.precompact()
    session.journal.journals.clear()
    assert "a.py" in session.restore()
