"""BatchExecute against the real sandbox and the real encrypted store."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from application.use_cases.batch_execute import BatchExecute
from application.use_cases.batch_request import BatchCommand, BatchRequest, CommandStatus
from entrypoints.containers.applications import CliContainer
from entrypoints.containers.runtime import RuntimeOptions


@pytest.fixture
def batch(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[BatchExecute]:
    root = tmp_path / "proj"
    root.mkdir()
    monkeypatch.setenv("CAPY_DB_KEY", "integration-db-key-0123456789")
    container = CliContainer(
        options=RuntimeOptions(project_dir=root, cwd=root, db=tmp_path / "knowledge.db")
    )
    use_case = container.use_cases.batch_execute()
    assert isinstance(use_case, BatchExecute)
    yield use_case
    container.shutdown_resources()


def test_batch_merges_streams_and_tolerates_trailing_comments(batch: BatchExecute) -> None:
    reply = batch.execute(
        BatchRequest(
            (
                BatchCommand("both", "echo out; echo err >&2  # a comment"),
                BatchCommand("heredoc", "cat <<EOF\nhello heredoc\nEOF"),
                BatchCommand("slow", "sleep 30"),
                BatchCommand("never", "echo never"),
            ),
            ("err", "hello heredoc"),
            timeout_ms=1500,
        )
    )
    both, heredoc, slow, never = reply.runs
    assert both.status is CommandStatus.RAN and both.produced_bytes == len("out\nerr\n")
    assert heredoc.status is CommandStatus.RAN
    assert slow.status is CommandStatus.TIMED_OUT
    assert never.status is CommandStatus.SKIPPED
    errors, greeting = reply.answers
    assert any("out\nerr" in r.snippet for r in errors.results)
    assert any("hello heredoc" in r.snippet for r in greeting.results)
