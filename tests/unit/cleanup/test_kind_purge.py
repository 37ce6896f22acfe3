"""A whole-kind purge (capy_cleanup's purge_ephemeral / purge_session) removes every source of
that kind, expired or not, and nothing else."""

from __future__ import annotations

from pathlib import Path

import pytest

from adapters.memory.fixed_clock import FixedClock
from application.use_cases.cleanup_report import CleanupMode, CleanupRequest
from domain.errors import InvalidInput
from domain.eviction import EvictionReason
from domain.source_kind import SourceKind
from entrypoints.containers.applications import CliContainer
from tests.unit.cleanup.test_cleanup_sources import SETTINGS, labels, populate
from tests.unit.indexing.harness import memory_container


@pytest.fixture
def world(tmp_path: Path) -> tuple[CliContainer, FixedClock]:
    container, clock = memory_container(tmp_path, SETTINGS)
    populate(container, clock)
    return container, clock


@pytest.mark.parametrize(
    ("kind", "mode", "expected"),
    [
        (SourceKind.EPHEMERAL, CleanupMode.ALL_EPHEMERAL, {"old-ephemeral", "new-ephemeral"}),
        (SourceKind.SESSION, CleanupMode.ALL_SESSION, {"old-session", "new-session"}),
    ],
)
def test_every_source_of_the_kind_goes_fresh_ones_included(
    world: tuple[CliContainer, FixedClock],
    kind: SourceKind,
    mode: CleanupMode,
    expected: set[str],
) -> None:
    container, _ = world
    cleanup = container.use_cases.cleanup_sources()
    preview = cleanup.execute(CleanupRequest(purge_kind=kind))
    assert preview.mode is mode and set(labels(preview)) == expected
    assert set(labels(preview).values()) == {EvictionReason.PURGE}
    assert preview.reason_summary() == f"2 {kind.value} (purged)"
    done = cleanup.execute(CleanupRequest(purge_kind=kind, dry_run=False))
    assert done.removed == 2
    left = {s.label for s in container.use_cases.adapters.knowledge_store().sources()}
    assert left.isdisjoint(expected) and "new-durable" in left


def test_fresh_sources_show_their_age_in_hours(world: tuple[CliContainer, FixedClock]) -> None:
    container, _ = world
    report = container.use_cases.cleanup_sources().execute(
        CleanupRequest(purge_kind=SourceKind.EPHEMERAL)
    )
    assert {c.label: c.age_label for c in report.candidates}["new-ephemeral"] == "0.0h"


def test_durable_sources_are_not_purged_as_a_kind(world: tuple[CliContainer, FixedClock]) -> None:
    container, _ = world
    with pytest.raises(InvalidInput, match="not purged as a kind"):
        container.use_cases.cleanup_sources().execute(CleanupRequest(purge_kind=SourceKind.DURABLE))


def test_a_kind_purge_does_not_combine_with_a_label(world: tuple[CliContainer, FixedClock]) -> None:
    container, _ = world
    with pytest.raises(InvalidInput, match="cannot be combined"):
        container.use_cases.cleanup_sources().execute(
            CleanupRequest(purge_kind=SourceKind.EPHEMERAL, label="x")
        )
