"""The sweep use case through the real container, over in-memory session files and store."""

from __future__ import annotations

from collections.abc import Iterable
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from adapters.memory.in_memory_session_files import InMemorySessionFiles
from application.use_cases.index_request import IndexRequest
from application.use_cases.sweep_request import SweepReport, SweepRequest, SweepStatus
from domain.search_hit import SearchScope
from domain.source_kind import SourceKind
from entrypoints.containers.applications import CliContainer
from tests.support.transcripts import ClaudeTranscript, CodexRollout
from tests.unit.indexing.harness import START, memory_container

DAY = 86_400 * 10**9
NOW_NS = int(START.timestamp() * 10**9)
SESSION_START = START - timedelta(days=2)
ID = "7c1d2e90-4b3a-4f6e-9a51-2f0c8d3b6a11"


@pytest.fixture
def container(tmp_path: Path) -> CliContainer:
    return memory_container(tmp_path)[0]


def _claude(container: CliContainer) -> InMemorySessionFiles:
    files = container.adapters.claude_sessions()
    assert isinstance(files, InMemorySessionFiles)
    return files


def _sweep(container: CliContainer, root: Path, **options: object) -> SweepReport:
    request = SweepRequest(project_root=root, dry_run=False, **options)  # type: ignore[arg-type]
    return container.use_cases.sweep_sessions().execute(request)


def _content(container: CliContainer, label: str) -> str:
    store = container.adapters.knowledge_store()
    source = store.source_by_label(label)
    assert source is not None, f"no source {label}"
    return "\n".join(c.chunk.content for c in store.chunks_of(source.id))


def _decision_session(session_id: str = ID, start: datetime = SESSION_START) -> ClaudeTranscript:
    t = ClaudeTranscript(session_id, "/home/dev/notes_app", start)
    t.caveat()
    t.local_command("/model", "Set model to opus")
    t.prompt("Why do the sync tests fail on CI?", reminder=True)
    t.bash("python -m pytest -q tests/sync", "1 failed, 41 passed", "Run the sync tests")
    t.tool("Read", {"file_path": "/home/dev/notes_app/sync/retry.py"}, "def retry(): ...")
    t.say(
        "The retry loop sleeps with time.sleep, so the fake clock never advances. We decided "
        "to inject the clock into RetryPolicy instead of patching time.sleep globally."
    )
    t.prompt("Go ahead and make that change; the token is sk-ant-api03-AAAAAAAAAAAAAAAAAAAAAAAA")
    t.tool(
        "Edit",
        {"file_path": "/home/dev/notes_app/sync/retry.py", "old_string": "a", "new_string": "b"},
    )
    t.tool(
        "Agent",
        {
            "subagent_type": "Explore",
            "description": "Find RetryPolicy callers",
            "prompt": "List every caller of RetryPolicy in the repository.",
        },
        "3 callers",
    )
    t.compaction("We injected the clock into RetryPolicy; all sync tests pass.")
    t.prompt("Thanks. Now bump the version.")
    t.say("Bumped to 2.4.1 in pyproject.toml.")
    return t


def test_a_session_becomes_a_searchable_session_source(
    container: CliContainer, tmp_path: Path
) -> None:
    t = _decision_session()
    _claude(container).add(tmp_path, ID, t.text().encode(), mtime_ns=NOW_NS - DAY)

    report = _sweep(container, tmp_path)

    [row] = report.rows
    assert row.status is SweepStatus.NEW, row.reason
    label = f"session:{(SESSION_START + timedelta(seconds=10)).strftime('%Y-%m-%dT%H:%M:%SZ')}:{ID}"
    assert row.label == label
    text = _content(container, label)
    assert "Human: Why do the sync tests fail on CI?" in text
    assert "system-reminder" not in text and "opened the file" not in text
    assert "Set model to opus" not in text and "Caveat" not in text
    assert '[Bash: python -m pytest -q tests/sync — "Run the sync tests"]' in text
    assert "[Read: /home/dev/notes_app/sync/retry.py]" in text
    assert "[Edit: /home/dev/notes_app/sync/retry.py]" in text  # a tool-only turn stays
    assert '[Agent: Explore — "Find RetryPolicy callers"]' in text
    assert "List every caller of RetryPolicy" in text
    assert "[Compaction summary: We injected the clock into RetryPolicy" in text
    assert "sk-ant-api03" not in text and "[REDACTED_SECRET]" in text
    store = container.adapters.knowledge_store()
    source = store.source_by_label(label)
    assert source is not None and source.kind is SourceKind.SESSION
    titles = [c.chunk.title for c in store.chunks_of(source.id)]
    assert titles[0].startswith(f"Session {label.split(':', 1)[1].rsplit(':', 1)[0]} | Turns 1-")
    hits = container.use_cases.search_knowledge().search(
        "inject clock RetryPolicy", 3, SearchScope(kinds=frozenset({SourceKind.SESSION}))
    )
    assert hits.results and hits.results[0].source == label


def test_an_unchanged_session_is_not_read_again(container: CliContainer, tmp_path: Path) -> None:
    files = _claude(container)
    files.add(tmp_path, ID, _decision_session().text().encode(), mtime_ns=NOW_NS - DAY)
    short = ClaudeTranscript("short-1", "/home/dev/notes_app", SESSION_START)
    short.prompt("hi")
    short.say("Hello!")
    files.add(tmp_path, "short-1", short.text().encode(), mtime_ns=NOW_NS - DAY)
    first = _sweep(container, tmp_path)
    assert {r.status for r in first.rows} == {SweepStatus.NEW, SweepStatus.SKIPPED}
    files.reads.clear()

    second = _sweep(container, tmp_path)

    assert files.reads == []
    assert [r.status for r in second.rows] == [SweepStatus.UNCHANGED] * 2
    assert {r.reason for r in second.rows} == {"", "too short (1 turn)"}


def test_a_grown_session_replaces_its_source(container: CliContainer, tmp_path: Path) -> None:
    files = _claude(container)
    t = _decision_session()
    files.add(tmp_path, ID, t.text().encode(), mtime_ns=NOW_NS - DAY)
    [row] = _sweep(container, tmp_path).rows
    t.prompt("And the changelog?")
    t.say("Added a 2.4.1 entry describing the RetryPolicy clock injection.")
    files.add(tmp_path, ID, t.text().encode(), mtime_ns=NOW_NS - DAY + 10)

    [again] = _sweep(container, tmp_path).rows

    assert again.status is SweepStatus.CHANGED and again.label == row.label
    assert "Added a 2.4.1 entry" in _content(container, row.label)
    sessions = container.adapters.knowledge_store().sources(kinds=[SourceKind.SESSION])
    assert [s.label for s in sessions] == [row.label]


def test_a_dry_run_reports_and_writes_nothing(container: CliContainer, tmp_path: Path) -> None:
    _claude(container).add(tmp_path, ID, _decision_session().text().encode(), mtime_ns=NOW_NS)

    report = container.use_cases.sweep_sessions().execute(SweepRequest(project_root=tmp_path))

    assert report.dry_run and report.rows[0].status is SweepStatus.NEW
    assert report.rows[0].sections > 0
    assert container.adapters.knowledge_store().sources() == []
    assert container.adapters.sweep_ledger().swept_sessions() == {}


def test_a_session_cleared_into_a_new_file_is_indexed_as_one(
    container: CliContainer, tmp_path: Path
) -> None:
    files = _claude(container)
    before = ClaudeTranscript("a-before", "/p", SESSION_START)
    before.prompt("Which queue backend do we use for email?")
    before.say("Redis streams, configured in settings/queues.py; " + "details " * 30)
    files.add(
        tmp_path, "a-before", before.text().encode(), mtime_ns=int(before.now.timestamp() * 1e9)
    )
    after = ClaudeTranscript("b-after", "/p", before.now + timedelta(seconds=30))
    after.local_command("/clear")
    after.prompt("Move the email queue to SQS.")
    after.say("Switched the email queue to SQS in settings/queues.py.")
    files.add(tmp_path, "b-after", after.text().encode(), mtime_ns=NOW_NS)

    [row] = _sweep(container, tmp_path).rows

    assert row.status is SweepStatus.NEW and row.sessions == 2
    assert row.session_id == "a-before" and row.turns == 2
    text = _content(container, row.label)
    assert text.index("Redis streams") < text.index("Switched the email queue to SQS")


def test_a_resumed_copy_is_merged_without_repeating_the_history(
    container: CliContainer, tmp_path: Path
) -> None:
    files = _claude(container)
    first = _decision_session("old-1")
    files.add(tmp_path, "old-1", first.text().encode(), mtime_ns=NOW_NS - DAY)
    copy = "".join(line + "\n" for line in first.lines[:8])  # the history, as copied
    resumed = ClaudeTranscript("new-2", "/home/dev/notes_app", first.now)
    resumed.prompt("Continue: also document RetryPolicy.")
    resumed.say("Documented the clock parameter in docs/sync.md.")
    files.add(tmp_path, "new-2", (copy + resumed.text()).encode(), mtime_ns=NOW_NS)

    [row] = _sweep(container, tmp_path).rows

    text = _content(container, row.label)
    assert row.sessions == 2
    assert text.count("Why do the sync tests fail on CI?") == 1
    assert "Documented the clock parameter" in text


def test_subagents_are_grouped_under_their_type(container: CliContainer, tmp_path: Path) -> None:
    agent = ClaudeTranscript(ID, "/home/dev/notes_app", SESSION_START, agent_id="a4d2")
    agent.prompt("List every caller of RetryPolicy in the repository.")
    agent.bash("rg -n RetryPolicy", "sync/a.py:3\nsync/b.py:9")
    agent.say("Two callers: sync/a.py and sync/b.py.")
    _claude(container).add(
        tmp_path,
        ID,
        _decision_session().text().encode(),
        mtime_ns=NOW_NS,
        sidecars={
            "subagents/agent-a4d2.jsonl": agent.text().encode(),
            "subagents/agent-a4d2.meta.json": b'{"agentType": "Explore", "description": "Find callers"}',
        },
    )

    [row] = _sweep(container, tmp_path).rows

    text = _content(container, row.label)
    assert '--- Subagent: Explore — "Find callers" ---' in text
    assert "[Bash: rg -n RetryPolicy]" in text
    store = container.adapters.knowledge_store()
    source = store.source_by_label(row.label)
    assert source is not None
    assert any("Subagent: Explore" in c.chunk.title for c in store.chunks_of(source.id))


def test_sessions_past_the_ttl_and_unreadable_ones_are_skipped_with_a_reason(
    container: CliContainer, tmp_path: Path
) -> None:
    files = _claude(container)
    files.add(tmp_path, "old", _decision_session("old").text().encode(), mtime_ns=NOW_NS - 90 * DAY)
    files.add(tmp_path, "gone", _decision_session("gone").text().encode(), mtime_ns=NOW_NS)
    files._data.pop(tmp_path and next(p for p in files._data if p.name == "gone.jsonl"))

    report = _sweep(container, tmp_path)
    rows = {r.session_id: r for r in report.rows}

    assert rows["old"].status is SweepStatus.SKIPPED and "TTL" in rows["old"].reason
    assert rows["gone"].status is SweepStatus.SKIPPED and rows["gone"].reason.startswith(
        "unreadable"
    )
    # Too old is a choice; unreadable is a failure the sweep's exit code reports.
    assert (rows["old"].failed, rows["gone"].failed, report.failed) == (False, True, 1)


def test_a_sweep_told_to_stop_leaves_the_rest_for_next_time(
    container: CliContainer, tmp_path: Path
) -> None:
    files = _claude(container)
    for n in range(3):
        files.add(tmp_path, f"s{n}", _decision_session(f"s{n}").text().encode(), mtime_ns=NOW_NS)
    asked = iter([False, True])

    report = _sweep(container, tmp_path, should_stop=lambda: next(asked))

    assert report.stopped and len(report.rows) == 1
    assert [r.status for r in _sweep(container, tmp_path).rows].count(SweepStatus.NEW) == 2


def test_codex_sessions_are_swept_beside_claude_code_ones(
    container: CliContainer, tmp_path: Path
) -> None:
    rollout = CodexRollout("5973b6c0-94b8-487b-a530-2aeb6098ae0e", tmp_path, SESSION_START)
    rollout.user("<env>")
    rollout.user("Why does the deploy fail?")
    rollout.shell("kubectl get pods -n prod", "api-7f 0/1 CrashLoopBackOff")
    rollout.say("The api pod crash-loops because the DATABASE_URL secret is missing. " * 3)
    rollout.user("Patch the deployment.")
    rollout.patch("deploy/api.yaml")
    rollout.say("Patched deploy/api.yaml to mount the secret.")
    codex = container.adapters.codex_sessions()
    assert isinstance(codex, InMemorySessionFiles)
    codex.add(tmp_path, rollout.session_id, rollout.text().encode(), mtime_ns=NOW_NS)

    [row] = _sweep(container, tmp_path).rows

    text = _content(container, row.label)
    assert row.status is SweepStatus.NEW
    assert "environment_context" not in text
    assert "[shell: kubectl get pods -n prod]" in text
    assert "[apply_patch: deploy/api.yaml]" in text
    store = container.adapters.knowledge_store()
    source = store.source_by_label(row.label)
    assert source is not None
    assert store.chunks_of(source.id)[0].chunk.title.startswith("Codex session ")


def test_a_session_larger_than_a_source_is_stored_in_parts(tmp_path: Path) -> None:
    from domain.settings import CleanupSettings, Settings, StoreSettings

    settings = Settings(store=StoreSettings(max_source_bytes=20_000, cleanup=CleanupSettings()))
    container = memory_container(tmp_path, settings)[0]
    t = ClaudeTranscript(ID, "/p", SESSION_START)
    for n in range(40):
        t.prompt(f"Question {n} about the importer")
        t.say(f"Answer {n}: " + "the importer streams rows in batches of 500. " * 12)
    _claude(container).add(tmp_path, ID, t.text().encode(), mtime_ns=NOW_NS)

    [row] = _sweep(container, tmp_path).rows

    labels = sorted(s.label for s in container.adapters.knowledge_store().sources())
    assert len(labels) > 1 and labels[0] == row.label
    assert labels[1] == f"{row.label}#2"
    assert "Answer 39" in _content(container, labels[-1])
    assert datetime.now(UTC)  # the clock in use is the fixed one; nothing here waits


def test_parts_no_thread_has_any_more_are_deleted_once_per_sweep(
    container: CliContainer, tmp_path: Path
) -> None:
    store = container.adapters.knowledge_store()
    files = _claude(container)
    old_parts: list[str] = []
    for n in range(2):
        t = _decision_session(f"s{n}")
        files.add(tmp_path, f"s{n}", t.text().encode(), mtime_ns=NOW_NS)
        started = (SESSION_START + timedelta(seconds=10)).strftime("%Y-%m-%dT%H:%M:%SZ")
        old_parts.append(f"session:{started}:s{n}#2")  # a part the session had when longer
        container.use_cases.index_content().execute(
            IndexRequest(
                content="an older second part", label=old_parts[-1], kind=SourceKind.SESSION
            )
        )
    calls: list[list[int]] = []
    delete = store.delete_sources

    def counted(ids: Iterable[int]) -> int:
        calls.append(list(ids))
        return delete(calls[-1])

    store.delete_sources = counted  # type: ignore[method-assign]

    rows = _sweep(container, tmp_path).rows

    assert [r.status for r in rows] == [SweepStatus.CHANGED] * 2
    assert len(calls) == 1 and len(calls[0]) == 2
    assert all(store.source_by_label(label) is None for label in old_parts)
    assert all(r.status is SweepStatus.UNCHANGED for r in _sweep(container, tmp_path).rows)


def test_a_sweep_stopped_before_its_stale_parts_went_finds_them_again(
    container: CliContainer, tmp_path: Path
) -> None:
    store = container.adapters.knowledge_store()
    files = _claude(container)
    t = _decision_session("s0")
    files.add(tmp_path, "s0", t.text().encode(), mtime_ns=NOW_NS)
    started = (SESSION_START + timedelta(seconds=10)).strftime("%Y-%m-%dT%H:%M:%SZ")
    old_part = f"session:{started}:s0#2"
    container.use_cases.index_content().execute(
        IndexRequest(content="an older second part", label=old_part, kind=SourceKind.SESSION)
    )
    delete = store.delete_sources

    def killed(ids: Iterable[int]) -> int:
        raise KeyboardInterrupt

    store.delete_sources = killed  # type: ignore[method-assign]
    with pytest.raises(KeyboardInterrupt):
        _sweep(container, tmp_path)
    store.delete_sources = delete  # type: ignore[method-assign]

    [row] = _sweep(container, tmp_path).rows

    assert row.status is SweepStatus.CHANGED
    assert store.source_by_label(old_part) is None
