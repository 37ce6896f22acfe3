"""Durable knowledge on the team store, the rest local; reads fuse both, each hit's home shown."""

from __future__ import annotations

import logging

import pytest

from adapters.memory.in_memory_knowledge_store import InMemoryKnowledgeStore
from adapters.shared_knowledge_store import SharedKnowledgeStore
from application.ports.knowledge_store import KnowledgeStore
from domain.errors import StoreError
from domain.search_hit import SearchScope
from domain.source_kind import ALL_KINDS, SourceKind
from tests.unit.store.documents import document
from tests.unit.store.queries import substrings, words

ALL = SearchScope(kinds=ALL_KINDS)


@pytest.fixture
def homes() -> tuple[InMemoryKnowledgeStore, InMemoryKnowledgeStore, SharedKnowledgeStore]:
    local, team = InMemoryKnowledgeStore(), InMemoryKnowledgeStore()
    return local, team, SharedKnowledgeStore(local, lambda: team)


def test_durable_goes_to_the_team_and_the_rest_stays_local(homes) -> None:  # type: ignore[no-untyped-def]
    local, team, shared = homes
    durable = shared.index(document("docs/helm", ("Helm", "helm upgrade --atomic rolls back")))
    shared.index(document("execute:sh", ("Out", "helm list output"), kind=SourceKind.EPHEMERAL))
    shared.index(document("session:1", ("Turns", "we chose helm"), kind=SourceKind.SESSION))
    assert [s.label for s in team.sources()] == ["docs/helm"]
    assert sorted(s.label for s in local.sources()) == ["execute:sh", "session:1"]
    assert durable.source.label == "team:docs/helm" and durable.source.id < 0
    assert sorted(s.label for s in shared.sources()) == [
        "execute:sh",
        "session:1",
        "team:docs/helm",
    ]
    assert shared.source_by_label("docs/helm") == durable.source
    assert shared.source_by_label("team:docs/helm") == durable.source
    again = shared.index(document("docs/helm", ("Helm", "helm upgrade --atomic rolls back")))
    assert again.already_indexed


def test_search_fuses_both_homes_into_one_list(homes) -> None:  # type: ignore[no-untyped-def]
    _, _, shared = homes
    shared.index(document("docs/helm", ("Helm", "helm upgrade rolls back on failure")))
    shared.index(document("session:1", ("Turns", "helm was chosen"), kind=SourceKind.SESSION))
    hits = shared.search(words("helm"), ALL, 10)
    assert sorted(h.label for h in hits) == ["session:1", "team:docs/helm"]
    team_hit = next(h for h in hits if h.label.startswith("team:"))
    assert team_hit.chunk_id < 0 and team_hit.source_id < 0
    chunks = shared.chunks_of(team_hit.source_id)
    assert [c.chunk_id for c in chunks] == [team_hit.chunk_id]
    within = shared.search(words("helm"), ALL, 10, within=[team_hit.chunk_id])
    assert [h.label for h in within] == ["team:docs/helm"]
    only_team = SearchScope(source="team:docs/helm", exact_source=True)
    assert [h.label for h in shared.search(words("helm"), only_team, 10)] == ["team:docs/helm"]
    subs = shared.search(substrings("elm"), ALL, 10)
    assert len(subs) == 2


def test_access_deletion_and_counts_route_by_home(homes) -> None:  # type: ignore[no-untyped-def]
    local, team, shared = homes
    durable = shared.index(document("docs/a", ("A", "alpha words"))).source
    session = shared.index(document("session:a", ("A", "alpha"), kind=SourceKind.SESSION)).source
    assert shared.chunk_frequencies(["alpha"]) == (2, (2,))
    shared.record_access([durable.id, session.id], durable.indexed_at)
    assert team.sources()[0].access_count == 1 and local.sources()[0].access_count == 1
    assert shared.stats().sources_by_kind[SourceKind.DURABLE] == 1
    assert shared.delete_sources([durable.id]) == 1
    assert team.sources() == [] and len(local.sources()) == 1


def _one_of_each_home(local: KnowledgeStore, team: KnowledgeStore, shared: KnowledgeStore) -> None:
    """A durable source (the team's) and a session (local) through the shared store, a durable
    one kept locally from before the team, and a stray ephemeral one in the team's store."""
    shared.index(document("docs/a", ("A", "alpha")))
    shared.index(document("session:a", ("A", "alpha"), kind=SourceKind.SESSION))
    local.index(document("docs/local", ("L", "kept here before the team")))
    team.index(document("execute:stray", ("S", "not the team's kind"), kind=SourceKind.EPHEMERAL))


def test_source_counts_add_the_team_s_to_the_durable_count_alone(homes) -> None:  # type: ignore[no-untyped-def]
    local, team, shared = homes
    _one_of_each_home(local, team, shared)
    for kinds in [None, [SourceKind.DURABLE], [SourceKind.EPHEMERAL, SourceKind.SESSION]]:
        listed = {k: len(shared.sources([k])) for k in (SourceKind if kinds is None else kinds)}
        assert shared.source_counts(kinds) == listed
    assert shared.source_counts()[SourceKind.DURABLE] == 2
    assert shared.source_counts()[SourceKind.EPHEMERAL] == 0


def test_counting_local_kinds_does_not_open_the_team_store() -> None:
    local = InMemoryKnowledgeStore()
    local.index(document("execute:sh", ("Out", "x"), kind=SourceKind.EPHEMERAL))
    opened: list[str] = []

    def open_team() -> KnowledgeStore:
        opened.append("team")
        return _Unreachable()()

    shared = SharedKnowledgeStore(local, open_team)
    assert shared.source_counts([SourceKind.EPHEMERAL]) == {SourceKind.EPHEMERAL: 1}
    assert opened == []
    assert shared.source_counts()[SourceKind.EPHEMERAL] == 1  # the team unreachable: local only
    assert opened == ["team"]


def test_source_labels_are_the_labels_sources_lists(homes) -> None:  # type: ignore[no-untyped-def]
    local, team, shared = homes
    _one_of_each_home(local, team, shared)
    assert sorted(shared.source_labels()) == sorted(s.label for s in shared.sources())
    assert sorted(shared.source_labels()) == [
        "docs/local",
        "session:a",
        "team:docs/a",
        "team:execute:stray",
    ]
    unreachable = SharedKnowledgeStore(local, _Unreachable())
    assert sorted(unreachable.source_labels()) == ["docs/local", "session:a"]


class _Unreachable:
    def __call__(self) -> KnowledgeStore:
        raise StoreError("cannot connect to the team server", "check the URL")


def test_an_unreachable_team_server_leaves_local_search_working(
    caplog: pytest.LogCaptureFixture,
) -> None:
    local = InMemoryKnowledgeStore()
    shared = SharedKnowledgeStore(local, _Unreachable())
    shared.index(document("session:1", ("T", "kept locally"), kind=SourceKind.SESSION))
    with caplog.at_level(logging.WARNING, logger="capy.store"):
        hits = shared.search(words("locally"), ALL, 10)
    assert [h.label for h in hits] == ["session:1"]
    assert "local knowledge base only" in caplog.text
    with pytest.raises(StoreError, match="cannot connect"):
        shared.index(document("docs/x", ("T", "durable")))
    assert local.sources(kinds=[SourceKind.DURABLE]) == []


def test_the_semantic_layer_s_vectors_are_the_local_file_s(homes) -> None:  # type: ignore[no-untyped-def]
    local, team, shared = homes
    shared.index(document("docs/helm", ("Helm", "helm upgrade rolls back on failure")))
    shared.index(document("session:1", ("Turns", "helm was chosen"), kind=SourceKind.SESSION))
    pending = shared.pending("model", ALL_KINDS, 10)
    assert pending == local.pending("model", ALL_KINDS, 10) and len(pending) == 1
    shared.store_vectors("model", [(pending[0].text_hash, [b"\x00" * 8])])
    assert shared.any_vectors("model") and local.any_vectors("model")
    assert not team.any_vectors("model")
    assert shared.embedding_progress("model", ALL_KINDS).complete
