"""The job log file next to the knowledge base."""

from __future__ import annotations

import stat
from datetime import UTC, datetime
from pathlib import Path

from adapters.json_file_job_log import JsonFileJobLog

AT = datetime(2026, 5, 1, 8, 30, tzinfo=UTC)


def test_records_and_reads_back(tmp_path: Path) -> None:
    log = JsonFileJobLog.next_to(tmp_path / "kb" / "knowledge.db")
    assert log.last_run("purge") is None
    log.record_run("purge", AT)
    log.record_run("other", AT.replace(hour=9))
    again = JsonFileJobLog.next_to(tmp_path / "kb" / "knowledge.db")
    assert again.last_run("purge") == AT
    file = tmp_path / "kb" / "knowledge.db.maintenance.json"
    assert stat.S_IMODE(file.stat().st_mode) == 0o600


def test_malformed_or_odd_content_reads_as_never_ran(tmp_path: Path) -> None:
    file = tmp_path / "state.json"
    log = JsonFileJobLog(file)
    for content in (
        "{not json",
        "[1, 2]",
        '{"purge": 5}',
        '{"purge": "yesterday"}',
        '{"purge": "2026-01-01T00:00:00"}',
    ):
        file.write_text(content)
        assert log.last_run("purge") is None
    log.record_run("purge", AT)
    assert log.last_run("purge") == AT


def test_an_unwritable_place_is_not_an_error(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("")
    log = JsonFileJobLog(blocker / "sub" / "state.json")
    log.record_run("purge", AT)
    assert log.last_run("purge") is None
