"""A cleanup on one member's machine never removes the team's shared sources unasked."""

from __future__ import annotations

from datetime import timedelta

import pytest

from adapters.memory.fixed_clock import FixedClock
from adapters.memory.in_memory_knowledge_store import InMemoryKnowledgeStore
from adapters.shared_knowledge_store import SharedKnowledgeStore
from application.use_cases.cleanup_report import CleanupRequest
from application.use_cases.cleanup_sources import CleanupSources
from domain.errors import InvalidInput
from domain.eviction import EvictionReason
from domain.settings import CleanupSettings, Settings, StoreSettings
from domain.source_kind import SourceKind
from entrypoints.mcp_server.tools.cleanup import render_cleanup
from tests.unit.store.documents import document

SETTINGS = Settings(
    store=StoreSettings(
        max_source_bytes=5000,
        cleanup=CleanupSettings(ephemeral_ttl_hours=24, session_ttl_days=60),
    )
)


@pytest.fixture
def machine() -> tuple[InMemoryKnowledgeStore, InMemoryKnowledgeStore, CleanupSources]:
    clock = FixedClock()
    local, team = InMemoryKnowledgeStore(clock), InMemoryKnowledgeStore(clock)
    shared = SharedKnowledgeStore(local, lambda: team)
    shared.index(document("docs/old-team-runbook", ("Runbook", "never read by anyone")))
    shared.index(document("docs/huge-team-spec", ("Spec", "x" * 6000)))
    shared.index(document("execute:make", ("Out", "make output"), kind=SourceKind.EPHEMERAL))
    clock.advance(timedelta(days=61))
    return local, team, CleanupSources(shared, shared, SETTINGS, clock)


def test_a_full_cleanup_keeps_team_sources_and_counts_them(machine) -> None:  # type: ignore[no-untyped-def]
    local, team, cleanup = machine
    preview = cleanup.execute(CleanupRequest())
    assert [c.label for c in preview.candidates] == ["execute:make"]
    assert preview.kept_shared == 2
    done = cleanup.execute(CleanupRequest(dry_run=False))
    assert done.removed == 1 and done.kept_shared == 2
    assert sorted(s.label for s in team.sources()) == [
        "docs/huge-team-spec",
        "docs/old-team-runbook",
    ]
    assert local.sources() == []
    assert "2 team sources kept" in render_cleanup(done)


def test_with_shared_the_same_rules_apply_to_team_sources(machine) -> None:  # type: ignore[no-untyped-def]
    _, team, cleanup = machine
    done = cleanup.execute(CleanupRequest(dry_run=False, shared=True))
    reasons = {c.label: c.reason for c in done.candidates}
    assert reasons == {
        "team:docs/huge-team-spec": EvictionReason.OVERSIZED,
        "team:docs/old-team-runbook": EvictionReason.RETENTION,
        "execute:make": EvictionReason.TTL,
    }
    assert done.kept_shared == 0 and team.sources() == []


def test_a_team_source_named_by_label_needs_shared(machine) -> None:  # type: ignore[no-untyped-def]
    _, team, cleanup = machine
    for label in ("team:docs/old-team-runbook", "docs/old-team-runbook"):
        with pytest.raises(InvalidInput) as refused:
            cleanup.execute(CleanupRequest(dry_run=False, label=label))
        assert "every member" in refused.value.message and "--team" in refused.value.hint
    assert len(team.sources()) == 2
    done = cleanup.execute(
        CleanupRequest(dry_run=False, label="team:docs/old-team-runbook", shared=True)
    )
    assert done.removed == 1
    assert [s.label for s in team.sources()] == ["docs/huge-team-spec"]
