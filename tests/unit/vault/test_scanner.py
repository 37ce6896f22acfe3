"""Scanning a Claude Code transcript into the vault's search rows and session summary."""

from __future__ import annotations

import json
from datetime import UTC, datetime

from adapters.memory.in_memory_session_files import InMemorySessionFiles
from domain.vault.scanner import RESULT_CHARS, ScanResult, SessionScanner, head_and_tail
from domain.vault.session import MessageRole
from tests.support.transcripts import ClaudeTranscript

SESSION = "7c1d2e90-4b3a-4f6e-9a51-2f0c8d3b6a11"
CWD = "/home/dev/notes_app"


def scan(*transcripts: ClaudeTranscript) -> ScanResult:
    files = InMemorySessionFiles()
    scanner = SessionScanner()
    for transcript in transcripts:
        scanner.scan(files.records_in(transcript.text().encode()), transcript.agent_id)
    return scanner.finish()


def rows(result: ScanResult) -> list[tuple[str, str]]:
    return [(m.role.value, m.text) for m in result.messages]


def test_one_row_per_message_with_tool_results_tagged_by_their_call() -> None:
    t = ClaudeTranscript(SESSION, CWD)
    t.prompt("Run the unit tests and fix whatever fails")
    t.bash("python -m pytest -q", "1 failed, 41 passed")
    t.say("One test fails: test_add_note.")
    result = scan(t)
    assert rows(result) == [
        ("user", "Run the unit tests and fix whatever fails"),
        ("assistant", "→ Bash python -m pytest -q"),
        ("tool", "Bash python -m pytest -q\n1 failed, 41 passed"),
        ("assistant", "One test fails: test_add_note."),
    ]
    assert [m.line_index for m in result.messages] == [0, 1, 2, 3]
    assert result.summary.message_count == 3
    assert result.summary.cwd == CWD
    assert result.summary.git_branch == "main"
    assert result.summary.title == "Run the unit tests and fix whatever fails"


def test_streamed_snapshots_make_one_row_at_the_first_line() -> None:
    t = ClaudeTranscript(SESSION, CWD)
    t.prompt("explain")
    t.assistant(
        {"type": "thinking", "thinking": "hmm", "signature": "s"},
        {"type": "text", "text": "First part."},
        {"type": "tool_use", "id": "toolu_1", "name": "Grep", "input": {"pattern": "def add"}},
        repeat_earlier=True,
    )
    result = scan(t)
    (assistant,) = [m for m in result.messages if m.role is MessageRole.ASSISTANT]
    assert assistant.text == "First part.\n→ Grep def add"
    assert assistant.line_index == 1


def test_file_dumps_and_edit_results_stay_out_but_their_calls_are_searchable() -> None:
    t = ClaudeTranscript(SESSION, CWD)
    t.prompt("look at the config")
    t.tool("Read", {"file_path": "/app/config.py"}, "SECRET_LAYOUT = 1\n" * 50)
    t.tool(
        "Edit",
        {"file_path": "/app/config.py", "old_string": "a", "new_string": "b"},
        "The file /app/config.py has been updated successfully.",
    )
    t.tool("Write", {"file_path": "/app/new.py", "content": "x"}, "File created successfully")
    t.tool("NotebookRead", {"notebook_path": "/app/n.ipynb"}, "cells…")
    t.bash("ls", "config.py")
    texts = [text for _, text in rows(scan(t))]
    assert not any("SECRET_LAYOUT" in text or "successfully" in text for text in texts)
    assert "→ Read /app/config.py" in texts
    assert "→ Edit /app/config.py" in texts
    assert "Bash ls\nconfig.py" in texts


def test_long_results_keep_head_and_tail() -> None:
    body = "HEAD " + "x" * 40_000 + " TAIL"
    t = ClaudeTranscript(SESSION, CWD)
    t.prompt("build")
    t.bash("make", body)
    (tool,) = [m for m in scan(t).messages if m.role is MessageRole.TOOL]
    assert tool.text.startswith("Bash make\nHEAD ")
    assert tool.text.endswith(" TAIL")
    assert len(tool.text) <= RESULT_CHARS + len("Bash make\n")
    assert head_and_tail("abcdefghij", 5) == "abc…j"


def test_turns_and_positions_within_a_turn() -> None:
    t = ClaudeTranscript(SESSION, CWD)
    t.prompt("first")
    t.say("one")
    t.prompt("second")
    t.bash("true", "done")
    result = scan(t)
    assert [(m.turn_index, m.message_index) for m in result.messages] == [
        (0, 0),
        (0, 1),
        (1, 0),
        (1, 1),
        (1, 2),
    ]


def test_secrets_are_redacted_in_rows_and_title() -> None:
    t = ClaudeTranscript(SESSION, CWD)
    t.prompt("deploy with token ghp_" + "a" * 36)
    t.bash("env", "AWS_SECRET_ACCESS_KEY=" + "b" * 40)
    result = scan(t)
    joined = json.dumps(rows(result)) + (result.summary.title or "")
    assert "ghp_" + "a" * 36 not in joined
    assert "b" * 40 not in joined
    assert "[REDACTED_SECRET]" in joined


def test_notes_of_the_host_are_system_rows() -> None:
    t = ClaudeTranscript(SESSION, CWD)
    t.prompt("start")
    t.away_summary("You were refactoring the parser.")
    t.compaction("We fixed the failing test.")
    t.record(
        {
            "type": "pr-link",
            "prNumber": 42,
            "prRepository": "team/app",
            "prUrl": "https://example.com/team/app/pull/42",
            "sessionId": SESSION,
        }
    )
    t.record(
        {
            "type": "attachment",
            "attachment": {"type": "file", "filename": "diagram.png"},
            "sessionId": SESSION,
        }
    )
    t.caveat()
    system = [text for role, text in rows(scan(t)) if role == "system"]
    assert system[0] == "You were refactoring the parser."
    assert "We fixed the failing test." in system[1]
    assert system[2] == "PR #42 team/app https://example.com/team/app/pull/42"
    assert system[3] == "diagram.png"
    assert len(system) == 4  # the caveat is Claude Code's own note, not a message


def test_title_prefers_the_named_title_then_the_first_plain_prompt() -> None:
    t = ClaudeTranscript(SESSION, CWD)
    t.local_command("/model", "Set model to opus")
    t.prompt("Fix the flaky login test please " + "word " * 40)
    t.say("ok")
    untitled = scan(t).summary.title
    assert untitled is not None and untitled.startswith("Fix the flaky login test")
    assert untitled.endswith("…") and len(untitled) <= 121
    t.title("Flaky login test")
    t.title("Login test made stable")
    assert scan(t).summary.title == "Login test made stable"


def test_times_come_from_the_first_and_last_line() -> None:
    t = ClaudeTranscript(SESSION, CWD, start=datetime(2026, 5, 1, 8, 0, tzinfo=UTC))
    t.prompt("a")
    t.say("b")
    summary = scan(t).summary
    assert summary.start_time == datetime(2026, 5, 1, 8, 0, 2, 500000, tzinfo=UTC)
    assert summary.end_time is not None and summary.end_time > summary.start_time


def test_subagent_rows_carry_their_id_and_do_not_count_as_messages() -> None:
    main = ClaudeTranscript(SESSION, CWD)
    main.prompt("find callers")
    main.tool(
        "Task",
        {"prompt": "Find every caller of NoteRepository.add", "subagent_type": "Explore"},
        "3 callers",
    )
    agent = ClaudeTranscript(SESSION, CWD, agent_id="a4d2c8f1")
    agent.prompt("Find every caller of NoteRepository.add")
    agent.say("Found three callers.")
    result = scan(main, agent)
    sub = [m for m in result.messages if m.subagent_id]
    assert [m.subagent_id for m in sub] == ["a4d2c8f1", "a4d2c8f1"]
    assert result.summary.message_count == 2
    assert "→ Task Find every caller of NoteRepository.add" in [m.text for m in result.messages]


def test_malformed_and_unknown_lines_are_skipped() -> None:
    t = ClaudeTranscript(SESSION, CWD)
    t.raw("{not json")
    t.record({"type": "file-history-snapshot", "snapshot": {}})
    t.prompt("still here")
    result = scan(t)
    assert rows(result) == [("user", "still here")]
    assert result.messages[0].line_index == 2


def test_host_injected_text_is_not_indexed_and_the_title_is_the_first_real_request() -> None:
    t = ClaudeTranscript(SESSION, CWD)
    t.user("<system-reminder>zanzibar policy text the host injects</system-reminder>")
    t.user("<command-name>/clear</command-name><command-message>clear</command-message>")
    question = "Why does the nightly migration deadlock?"
    t.user(f"<system-reminder>more zanzibar</system-reminder>\n{question}")
    t.say("The reindex job holds the lock.")
    t.user("<command-name>/review</command-name><command-args>the auth module</command-args>")
    result = scan(t)
    texts = [m.text for m in result.messages]
    assert not any("zanzibar" in text or "<" in text for text in texts)
    assert texts[0] == question
    assert "/review the auth module" in texts
    assert result.summary.title == question
