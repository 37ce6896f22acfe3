"""``remove-member`` against a real server: the removed role loses the project at once."""

from __future__ import annotations

import pytest

from adapters.postgres.postgres_knowledge_store import PostgresKnowledgeStore
from adapters.postgres.postgres_team_server import PostgresTeamServer
from domain.errors import ConfigError, StoreError
from domain.search_hit import SearchScope
from domain.source_kind import ALL_KINDS
from tests.support.team import TeamServerForTests
from tests.unit.store.documents import document
from tests.unit.store.queries import substrings, words

ALL = SearchScope(kinds=ALL_KINDS)


def test_a_removed_member_sees_and_writes_nothing_of_the_project(
    team_server: TeamServerForTests,
) -> None:
    alice = team_server.member()
    bob = team_server.member(project=alice.project)
    elsewhere = team_server.member(role=bob.role)  # bob keeps his other project
    shared = PostgresKnowledgeStore(alice.url, alice.project)
    shared.index(document("docs/runbook", ("Failover", "promote the replica with pg_ctl promote")))
    bobs = PostgresKnowledgeStore(bob.url, bob.project)  # opened before the removal
    assert [hit.label for hit in bobs.search(words("replica", "promote"), ALL, 5)] == [
        "docs/runbook"
    ]

    owner = team_server.server.owner_url()
    outcome = PostgresTeamServer().remove_member(owner, bob.role, bob.project)
    assert outcome.membership_removed
    assert outcome.other_projects == (elsewhere.project,)

    # The connection already open sees nothing from its next statement on…
    assert bobs.search(words("replica", "promote"), ALL, 5) == []
    assert bobs.search(substrings("replica"), ALL, 5) == []
    assert bobs.sources() == []
    # …and cannot write into the project
    with pytest.raises(StoreError):
        bobs.index(document("docs/sneaky", ("Note", "written after removal")))
    # A new store is refused with the fix
    with pytest.raises(StoreError, match="not a member"):
        PostgresKnowledgeStore(bob.url, bob.project)
    # The project's knowledge and its other member stay; bob's other project too
    assert [source.label for source in shared.sources()] == ["docs/runbook"]
    PostgresKnowledgeStore(elsewhere.url, elsewhere.project).close()
    shared.close()
    bobs.close()

    again = PostgresTeamServer().remove_member(owner, bob.role, bob.project)
    assert not again.membership_removed
    assert again.other_projects == (elsewhere.project,)


def test_removing_a_role_that_never_was_a_member_changes_nothing(
    team_server: TeamServerForTests,
) -> None:
    outcome = PostgresTeamServer().remove_member(
        team_server.server.owner_url(), "nobody_at_all", "example.org/team/none"
    )
    assert not outcome.membership_removed and outcome.other_projects == ()


def test_a_bad_role_name_is_refused_before_connecting(team_server: TeamServerForTests) -> None:
    with pytest.raises(ConfigError, match="not a role name"):
        PostgresTeamServer().remove_member(
            team_server.server.owner_url(), "Robert'); DROP", "example.org/x"
        )
