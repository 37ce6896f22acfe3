"""Capture, snapshot, restore by source, and the server's ingestion — through the use cases."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

from adapters.markdown_instruction_files import MarkdownInstructionFiles
from adapters.memory.fixed_clock import FixedClock
from adapters.memory.in_memory_guidance_state import InMemoryGuidanceState
from adapters.memory.in_memory_session_journal import InMemorySessionJournal
from application.use_cases.inject_session_context import InjectSessionContext
from application.use_cases.record_session_events import RecordSessionEvents
from application.use_cases.restore_session import RestoreSession
from application.use_cases.snapshot_session import SnapshotSession
from domain.hooks.decision import NO_OPINION, AddContext
from domain.hooks.events import HookEvent
from domain.hooks.guidance import ROUTING_BLOCK
from domain.hooks.tool_call import HookInput, ToolCall, ToolOutcome
from domain.source_kind import SourceKind
from entrypoints.containers.applications import CliContainer
from entrypoints.containers.memory_adapters import MemoryAdapters
from entrypoints.containers.runtime import RuntimeOptions

PROJECT = "/home/dev/app"
CLOCK = FixedClock(datetime(2026, 5, 18, 9, 0, tzinfo=UTC))


def _record(journal: InMemorySessionJournal, session: str = "s1", project: str = PROJECT) -> None:
    record = RecordSessionEvents(journal, CLOCK)
    calls = [
        HookInput(HookEvent.USER_PROMPT_SUBMIT, prompt="/goal Ship the CSV export"),
        HookInput(
            HookEvent.PRE_TOOL_USE,
            tool=ToolCall("Agent", {"description": "Survey exporters", "prompt": "…"}),
        ),
        HookInput(
            HookEvent.POST_TOOL_USE,
            tool=ToolCall("Edit", {"file_path": f"{project}/export.py"}),
            outcome=ToolOutcome({}),
        ),
        HookInput(
            HookEvent.POST_TOOL_USE,
            tool=ToolCall("Bash", {"command": "pytest -q"}),
            outcome=ToolOutcome(None, "Exit code 1\nE   ValueError: empty row", failed=True),
        ),
        HookInput(
            HookEvent.USER_PROMPT_SUBMIT, prompt="Let's go with csv.writer instead of pandas."
        ),
    ]
    for call in calls:
        hook_input = HookInput(
            call.event,
            session_id=session,
            project_dir=project,
            tool=call.tool,
            prompt=call.prompt,
            outcome=call.outcome,
        )
        assert record.execute(hook_input) is NO_OPINION


def test_capture_then_snapshot_then_restore_after_compaction() -> None:
    journal = InMemorySessionJournal()
    _record(journal)
    assert len(journal.events(PROJECT, "s1")) == 6  # the last prompt also states a decision
    SnapshotSession(journal).execute(
        HookInput(HookEvent.PRE_COMPACT, session_id="s1", project_dir=PROJECT)
    )
    snapshot = journal.snapshot(PROJECT, "s1")
    assert snapshot is not None and not snapshot.consumed
    kept = snapshot.text
    for fact in [
        "Ship the CSV export",
        "export.py",
        "ValueError: empty row",
        "csv.writer instead of pandas",
        "Survey exporters: launched",
    ]:
        assert fact in kept
    start = HookInput(
        HookEvent.SESSION_START, session_id="s1", project_dir=PROJECT, source="compact"
    )
    assert RestoreSession(journal).execute(start) == kept


def test_restore_by_source() -> None:
    journal = InMemorySessionJournal()
    _record(journal, "old")
    restore = RestoreSession(journal)

    def start(source: str, session: str = "new") -> str:
        return restore.execute(
            HookInput(
                HookEvent.SESSION_START, session_id=session, project_dir=PROJECT, source=source
            )
        )

    assert "Ship the CSV export" in start("resume")  # a new id: the latest session's facts
    assert "session being resumed" in start("resume", "old")  # the same id: its own
    assert start("startup") == "" and start("clear") == ""
    # compacted without a PreCompact hook: built from the journal
    assert "Ship the CSV export" in start("compact", "old")
    assert start("compact", "unknown") == ""


def test_session_start_adds_the_facts_after_the_routing_block(tmp_path: Path) -> None:
    journal = InMemorySessionJournal()
    _record(journal)
    inject = InjectSessionContext(
        MarkdownInstructionFiles(str(tmp_path)), InMemoryGuidanceState(), RestoreSession(journal)
    )
    hook_input = HookInput(
        HookEvent.SESSION_START, session_id="s1", project_dir=PROJECT, source="compact"
    )
    decision = inject.execute(hook_input, ("CLAUDE.md",))
    assert isinstance(decision, AddContext)
    routing, facts = decision.text.split("\n\n", 1)
    assert routing == ROUTING_BLOCK and "Ship the CSV export" in facts
    startup = HookInput(
        HookEvent.SESSION_START, session_id="s1", project_dir=PROJECT, source="startup"
    )
    assert inject.execute(startup, ("CLAUDE.md",)) == AddContext(ROUTING_BLOCK)


def test_a_failing_journal_never_reaches_the_host() -> None:
    class Broken(InMemorySessionJournal):
        def events(self, project_dir: str, session_id: str) -> list:  # type: ignore[override]
            raise OSError("disk gone")

    inject = InjectSessionContext(
        MarkdownInstructionFiles("/nonexistent"), InMemoryGuidanceState(), RestoreSession(Broken())
    )
    start = HookInput(HookEvent.SESSION_START, session_id="s", source="compact")
    assert inject.execute(start, ("CLAUDE.md",)) == AddContext(ROUTING_BLOCK)
    bad = HookInput(
        HookEvent.POST_TOOL_USE,
        session_id="s",
        tool=ToolCall("Read", None),
        outcome=ToolOutcome(object()),
    )
    assert RecordSessionEvents(Broken(), CLOCK).execute(bad) is NO_OPINION


def test_the_server_indexes_each_changed_journal_as_a_searchable_session_source(
    tmp_path: Path,
) -> None:
    project = str(tmp_path.resolve())
    container = CliContainer(options=RuntimeOptions(project_dir=tmp_path, cwd=tmp_path))
    container.adapters.override(MemoryAdapters(core=container.core))
    journal = container.adapters.session_journal()
    assert isinstance(journal, InMemorySessionJournal)
    _record(journal, "s1", project)
    _record(journal, "subdirectory", f"{project}/api")  # a session started inside the project
    _record(journal, "elsewhere", "/home/dev/other")
    ingest = container.use_cases.ingest_session_journals()
    assert ingest.execute() == 2
    assert ingest.execute() == 0  # nothing changed since
    store = container.adapters.knowledge_store()
    source = store.source_by_label("session-events:s1")
    assert source is not None and source.kind is SourceKind.SESSION
    assert store.source_by_label("session-events:elsewhere") is None
    found = container.use_cases.search_knowledge().search("csv.writer pandas")
    assert found.results and found.results[0].source.startswith("session-events:")
