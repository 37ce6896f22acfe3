"""CleanupSources and PurgeExpired through the CLI container over in-memory adapters."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

import pytest

from adapters.memory.fixed_clock import FixedClock
from application.use_cases.cleanup_report import CleanupMode, CleanupRequest
from application.use_cases.index_request import IndexRequest
from domain.errors import InvalidInput
from domain.eviction import EvictionReason
from domain.settings import CleanupSettings, Settings, StoreSettings
from domain.source_kind import SourceKind
from entrypoints.containers.applications import CliContainer
from tests.unit.indexing.harness import memory_container

SETTINGS = Settings(
    store=StoreSettings(
        max_source_bytes=5000,
        cleanup=CleanupSettings(ephemeral_ttl_hours=24, session_ttl_days=60),
    )
)


@pytest.fixture
def world(tmp_path: Path) -> tuple[CliContainer, FixedClock]:
    return memory_container(tmp_path, SETTINGS)


def add(container: CliContainer, label: str, kind: SourceKind, text: str = "") -> None:
    container.use_cases.index_content().execute(
        IndexRequest(content=text or f"notes about {label}", label=label, kind=kind)
    )


def labels(report: object) -> dict[str, EvictionReason]:
    return {c.label: c.reason for c in report.candidates}  # type: ignore[attr-defined]


def populate(container: CliContainer, clock: FixedClock) -> None:
    add(container, "old-durable", SourceKind.DURABLE)
    add(container, "old-read-durable", SourceKind.DURABLE)
    add(container, "old-session", SourceKind.SESSION)
    store = container.use_cases.adapters.knowledge_store()
    read = store.source_by_label("old-read-durable")
    store.record_access([read.id], clock.now())
    clock.advance(timedelta(days=61))
    add(container, "new-durable", SourceKind.DURABLE)
    add(container, "new-session", SourceKind.SESSION)
    add(container, "old-ephemeral", SourceKind.EPHEMERAL)
    clock.advance(timedelta(hours=25))
    add(container, "new-ephemeral", SourceKind.EPHEMERAL)


def test_dry_run_lists_every_reason_and_removes_nothing(
    world: tuple[CliContainer, FixedClock],
) -> None:
    container, clock = world
    populate(container, clock)
    report = container.use_cases.cleanup_sources().execute(CleanupRequest())
    assert report.dry_run and report.mode is CleanupMode.FULL
    assert labels(report) == {
        "old-durable": EvictionReason.RETENTION,
        "old-session": EvictionReason.TTL,
        "old-ephemeral": EvictionReason.TTL,
    }
    durable = next(c for c in report.candidates if c.label == "old-durable")
    assert durable.score is not None and durable.score < 0.15
    assert durable.age >= timedelta(days=62)
    assert len(container.use_cases.adapters.knowledge_store().sources()) == 7


def test_force_removes_the_candidates(world: tuple[CliContainer, FixedClock]) -> None:
    container, clock = world
    populate(container, clock)
    report = container.use_cases.cleanup_sources().execute(CleanupRequest(dry_run=False))
    assert report.removed == 3
    left = {s.label for s in container.use_cases.adapters.knowledge_store().sources()}
    assert left == {"old-read-durable", "new-durable", "new-session", "new-ephemeral"}


@pytest.mark.parametrize(
    ("kind", "mode", "expected"),
    [
        (SourceKind.EPHEMERAL, CleanupMode.EPHEMERAL_PURGE, {"old-ephemeral"}),
        (SourceKind.SESSION, CleanupMode.SESSION_PURGE, {"old-session"}),
    ],
)
def test_kind_purge_only_looks_at_that_kind(
    world: tuple[CliContainer, FixedClock], kind: SourceKind, mode: CleanupMode, expected: set[str]
) -> None:
    container, clock = world
    populate(container, clock)
    report = container.use_cases.cleanup_sources().execute(CleanupRequest(expired_kind=kind))
    assert report.mode is mode
    assert set(labels(report)) == expected


def test_durable_purge_is_refused(world: tuple[CliContainer, FixedClock]) -> None:
    with pytest.raises(InvalidInput, match="do not expire"):
        world[0].use_cases.cleanup_sources().execute(
            CleanupRequest(expired_kind=SourceKind.DURABLE)
        )


def test_manual_removal_by_label(world: tuple[CliContainer, FixedClock]) -> None:
    container, _ = world
    add(container, "keep-me-not", SourceKind.DURABLE)
    use_case = container.use_cases.cleanup_sources()
    preview = use_case.execute(CleanupRequest(label="keep-me-not"))
    assert labels(preview) == {"keep-me-not": EvictionReason.MANUAL}
    assert use_case.execute(CleanupRequest(label="keep-me-not", dry_run=False)).removed == 1
    with pytest.raises(InvalidInput, match="no source is labelled"):
        use_case.execute(CleanupRequest(label="keep-me-not"))


def test_label_and_kind_together_are_refused(world: tuple[CliContainer, FixedClock]) -> None:
    with pytest.raises(InvalidInput, match="cannot be combined"):
        world[0].use_cases.cleanup_sources().execute(
            CleanupRequest(label="x", expired_kind=SourceKind.SESSION)
        )


def test_vacuum_only_after_a_real_cleanup_when_asked_or_worth_it(
    world: tuple[CliContainer, FixedClock],
) -> None:
    container, clock = world
    populate(container, clock)
    store = container.use_cases.adapters.knowledge_store()
    calls: list[str] = []
    store.compact = lambda: calls.append("vacuum")  # type: ignore[method-assign]
    use_case = container.use_cases.cleanup_sources()
    use_case.execute(CleanupRequest(vacuum=True))
    assert calls == []
    report = use_case.execute(CleanupRequest(dry_run=False))
    assert calls == [] and not report.vacuumed  # in-memory: no free pages
    store.free_share = lambda: 0.5  # type: ignore[method-assign]
    add(container, "tmp", SourceKind.EPHEMERAL)
    clock.advance(timedelta(days=2))
    assert use_case.execute(CleanupRequest(dry_run=False)).vacuumed
    assert use_case.execute(CleanupRequest(dry_run=False, vacuum=True)).vacuumed
    assert calls == ["vacuum", "vacuum"]


def test_purge_expired_removes_only_expired_kinds(world: tuple[CliContainer, FixedClock]) -> None:
    container, clock = world
    populate(container, clock)
    report = container.use_cases.purge_expired().execute()
    assert report.ran and report.last_run == clock.now()
    assert {c.label for c in report.removed} == {"old-session", "old-ephemeral"}
    left = {s.label for s in container.use_cases.adapters.knowledge_store().sources()}
    assert left == {
        "old-durable",
        "old-read-durable",
        "new-durable",
        "new-session",
        "new-ephemeral",
    }


def test_purge_expired_runs_at_most_daily(world: tuple[CliContainer, FixedClock]) -> None:
    container, clock = world
    purge = container.use_cases.purge_expired
    assert purge().execute().ran
    add(container, "short-lived", SourceKind.EPHEMERAL)
    clock.advance(timedelta(hours=25))
    assert purge().execute().ran  # a day later: runs, removes the expired source
    add(container, "later", SourceKind.EPHEMERAL)
    clock.advance(timedelta(hours=23))
    skipped = purge().execute()
    assert not skipped.ran and skipped.removed == ()
    assert purge().execute(force=True).ran
    store = container.use_cases.adapters.knowledge_store()
    assert {s.label for s in store.sources()} == {"later"}
