"""The sweep over real transcript files into a real encrypted store."""

from __future__ import annotations

import json
import secrets
from datetime import UTC, datetime, timedelta
from pathlib import Path

from application.ports.session_files import MAX_LINE_BYTES
from application.use_cases.sweep_request import SweepRequest, SweepStatus
from entrypoints.containers.applications import CliContainer
from entrypoints.containers.runtime import RuntimeOptions
from tests.support.transcripts import ClaudeHome, ClaudeTranscript

START = datetime.now(UTC).replace(microsecond=0) - timedelta(hours=5)
ID = "0b5e9f6c-1a2d-4c3b-8e7f-112233445566"


def _container(tmp_path: Path, project: Path) -> CliContainer:
    env = {
        "HOME": str(tmp_path / "home"),
        "XDG_CONFIG_HOME": str(tmp_path / "home" / ".config"),
        "XDG_DATA_HOME": str(tmp_path / "home" / ".local" / "share"),
        "CLAUDE_CONFIG_DIR": str(tmp_path / "claude"),
        "CAPY_DB_KEY": secrets.token_urlsafe(24),
        "PATH": "/usr/bin:/bin",
    }
    options = RuntimeOptions(
        db=tmp_path / "knowledge.db", project_dir=project, cwd=project, env=env
    )
    return CliContainer(options=options)


def test_a_messy_session_is_indexed_with_what_was_skipped_reported(tmp_path: Path) -> None:
    project = tmp_path / "notes_app"
    project.mkdir()
    home = ClaudeHome(tmp_path / "claude")
    t = ClaudeTranscript(ID, project, START)
    t.prompt("Run the unit tests and fix whatever fails", reminder=True)
    t.bash("python -m pytest -q tests/unit", "1 failed, 41 passed in 0.84s", "Run unit tests")
    t.raw('{"type": "assistant", "message": {"id": "msg_x", "content": [')  # malformed
    t.user([{"type": "tool_result", "tool_use_id": "t", "content": "z" * (MAX_LINE_BYTES + 1)}])
    t.say("The failing test compared naive and aware datetimes; the parser now returns UTC.")
    side = ClaudeTranscript(ID, project, START, sidechain=True)
    side.prompt("Find every caller of NoteRepository.add")
    side.say("NoteRepository.add is called from api/notes.py and jobs/import.py.")
    t.lines.extend(side.lines)  # older Claude Code kept subagent lines in the main file
    t.prompt("Also add a regression test.")
    t.tool("Write", {"file_path": str(project / "tests/unit/test_dates.py"), "content": "..."})
    t.say("Added tests/unit/test_dates.py with the aware/naive regression.")
    path = home.session(project, t)
    pending = json.dumps({"type": "user", "message": {"role": "user", "content": "next"}})
    with path.open("a", encoding="utf-8") as handle:
        handle.write(pending[:20])  # Claude Code is writing this line right now
    (home.project_dir(project) / "linked.jsonl").symlink_to(path)

    container = _container(tmp_path, project)
    try:
        report = container.use_cases.sweep_sessions().execute(
            SweepRequest(project_root=project, dry_run=False)
        )
        [row] = report.rows
        store = container.adapters.knowledge_store()
        source = store.source_by_label(row.label)
        assert source is not None
        text = "\n".join(c.chunk.content for c in store.chunks_of(source.id))
    finally:
        container.shutdown_resources()

    assert report.files_found == 1 and row.status is SweepStatus.NEW
    assert "1 malformed line(s) skipped" in row.note
    assert "1 line(s) over 16 MiB skipped" in row.note
    assert "last line still being written" in row.note
    assert '[Bash: python -m pytest -q tests/unit — "Run unit tests"]' in text
    assert "the parser now returns UTC" in text
    assert '--- Subagent: sidechain — "subagent task" ---' in text
    assert "Human: Find every caller of NoteRepository.add" in text
    assert text.index("Added tests/unit/test_dates.py") < text.index("--- Subagent")
    assert "zzzz" not in text and "system-reminder" not in text
