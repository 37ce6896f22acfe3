"""Indexing, cleanup and the daily purge through the real container and an encrypted file."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from threading import Thread

import pytest
from dependency_injector import providers

from adapters.memory.fixed_clock import FixedClock
from application.use_cases.cleanup_report import CleanupRequest
from application.use_cases.index_request import IndexRequest
from domain.source_kind import SourceKind
from entrypoints.containers.applications import CliContainer
from entrypoints.containers.runtime import RuntimeOptions

KEY = "indexing-integration-key-0123456789abcdef"


def open_container(db: Path, clock: FixedClock) -> CliContainer:
    options = RuntimeOptions(db=db, project_dir=db.parent, cwd=db.parent, env={"CAPY_DB_KEY": KEY})
    container = CliContainer(options=options)
    container.core.clock.override(providers.Object(clock))
    return container


@pytest.fixture
def clock() -> FixedClock:
    return FixedClock(datetime(2026, 4, 1, tzinfo=UTC))


@pytest.fixture
def container(tmp_path: Path, clock: FixedClock) -> Iterator[CliContainer]:
    built = open_container(tmp_path / "knowledge.db", clock)
    yield built
    built.shutdown_resources()


def index(container: CliContainer, label: str, kind: SourceKind, text: str = "") -> None:
    container.use_cases.index_content().execute(
        IndexRequest(content=text or f"# {label}\n\nnotes about {label}\n", label=label, kind=kind)
    )


def test_index_stores_counts_and_survives_reopening(tmp_path: Path, clock: FixedClock) -> None:
    first = open_container(tmp_path / "knowledge.db", clock)
    text = "# A\n\n```py\nx = 1\n```\n\n## B\n\nprose [link](x)\n"
    result = first.use_cases.index_content().execute(IndexRequest(content=text, label="doc"))
    assert (result.sections, result.code_sections) == (2, 1)
    first.shutdown_resources()
    second = open_container(tmp_path / "knowledge.db", clock)
    again = second.use_cases.index_content().execute(IndexRequest(content=text, label="doc"))
    assert again.already_indexed and (again.sections, again.code_sections) == (2, 1)
    second.shutdown_resources()


def test_cleanup_removes_expired_sources_from_the_file(
    container: CliContainer, clock: FixedClock
) -> None:
    index(container, "old-tool-output", SourceKind.EPHEMERAL)
    index(container, "kept", SourceKind.DURABLE)
    clock.advance(timedelta(hours=30))
    index(container, "fresh-tool-output", SourceKind.EPHEMERAL)
    report = container.use_cases.cleanup_sources().execute(CleanupRequest(dry_run=False))
    assert [c.label for c in report.candidates] == ["old-tool-output"]
    assert report.removed == 1
    store = container.adapters.knowledge_store()
    assert {s.label for s in store.sources()} == {"kept", "fresh-tool-output"}


def test_purge_runs_once_a_day_across_processes(tmp_path: Path, clock: FixedClock) -> None:
    db = tmp_path / "knowledge.db"
    first = open_container(db, clock)
    index(first, "session:1", SourceKind.SESSION)
    clock.advance(timedelta(days=61))
    assert [c.label for c in first.use_cases.purge_expired().execute().removed] == ["session:1"]
    first.shutdown_resources()
    second = open_container(db, clock)
    assert not second.use_cases.purge_expired().execute().ran
    clock.advance(timedelta(days=1))
    assert second.use_cases.purge_expired().execute().ran
    second.shutdown_resources()
    assert (tmp_path / "knowledge.db.maintenance.json").exists()


def test_threads_indexing_one_label_leave_one_source(tmp_path: Path, clock: FixedClock) -> None:
    db = tmp_path / "knowledge.db"
    containers = [open_container(db, clock) for _ in range(4)]
    errors: list[BaseException] = []

    def work(container: CliContainer, n: int) -> None:
        try:
            for round_ in range(5):
                index(container, "shared", SourceKind.DURABLE, f"version {n}.{round_}\n" * 200)
        except BaseException as error:  # collected and asserted below
            errors.append(error)

    threads = [Thread(target=work, args=(c, n)) for n, c in enumerate(containers)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == []
    labels = [s.label for s in containers[0].adapters.knowledge_store().sources()]
    assert labels == ["shared"]
    for container in containers:
        container.shutdown_resources()
