"""The team server's security, against a real TLS-only PostgreSQL: TLS, roles, row-level security."""

from __future__ import annotations

import psycopg
import pytest

from adapters.postgres.postgres_knowledge_store import PostgresKnowledgeStore
from adapters.postgres.postgres_team_server import PostgresTeamServer
from domain.errors import StoreError
from domain.search_hit import SearchScope
from domain.source_kind import ALL_KINDS
from tests.support.team import MEMBER_PASSWORD, TeamServerForTests
from tests.unit.store.documents import document
from tests.unit.store.queries import words

ALL = SearchScope(kinds=ALL_KINDS)


def test_a_plaintext_connection_is_refused(team_server: TeamServerForTests) -> None:
    member = team_server.member()
    plaintext = member.url.replace("sslmode=verify-full", "sslmode=disable")
    with pytest.raises(StoreError) as raised:
        PostgresKnowledgeStore(plaintext, member.project)
    assert "no encryption" in raised.value.message
    assert "sslmode=verify-full" in raised.value.hint


def test_a_certificate_from_another_authority_is_refused(
    team_server: TeamServerForTests, tmp_path
) -> None:  # type: ignore[no-untyped-def]
    member = team_server.member()
    stranger = tmp_path / "other-ca.crt"
    stranger.write_text(
        # a CA certificate that did not sign the server's: verify-full must fail
        (team_server.server.root / "tls" / "server.crt").read_text(),
        encoding="utf-8",
    )
    url = member.url.replace(str(team_server.server.ca_file), str(stranger))
    with pytest.raises(StoreError, match="cannot connect"):
        PostgresKnowledgeStore(url, member.project)


def test_the_owner_is_refused_as_a_store(team_server: TeamServerForTests) -> None:
    member = team_server.member()
    with pytest.raises(StoreError) as raised:
        PostgresKnowledgeStore(team_server.server.owner_url(), member.project)
    assert "owns capy's tables" in raised.value.message


@pytest.mark.parametrize("power", ["SUPERUSER", "BYPASSRLS"])
def test_a_superuser_or_rls_bypassing_role_is_refused(
    team_server: TeamServerForTests, power: str
) -> None:
    member = team_server.member()
    role = f"powerful_{power.lower()}"
    team_server.server.psql(
        f"DO $$ BEGIN IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = '{role}') THEN "
        f"CREATE ROLE {role} LOGIN {power} PASSWORD '{MEMBER_PASSWORD}'; END IF; END $$"
    )
    with pytest.raises(StoreError) as raised:
        PostgresKnowledgeStore(team_server.server.url(role, MEMBER_PASSWORD), member.project)
    assert "refuses" in raised.value.message
    assert "add-member" in raised.value.hint


def test_a_member_of_another_project_neither_sees_nor_writes(
    team_server: TeamServerForTests,
) -> None:
    alice = team_server.member()
    mallory = team_server.member()
    store = PostgresKnowledgeStore(alice.url, alice.project)
    store.index(document("docs/secret-plan", ("Plan", "the launch codeword is periwinkle")))
    with pytest.raises(StoreError, match="not a member"):
        PostgresKnowledgeStore(mallory.url, alice.project)
    other = PostgresKnowledgeStore(mallory.url, mallory.project)
    assert other.search(words("periwinkle"), ALL, 10) == []
    assert other.sources() == []
    with psycopg.connect(mallory.url, autocommit=True) as raw:
        # Straight SQL, as a hostile member would write it: RLS hides every row of the project
        assert raw.execute("SELECT count(*) FROM capy.chunks").fetchone() == (0,)
        assert raw.execute("SELECT count(*) FROM capy.sources").fetchone() == (0,)
        # … and refuses rows written into it
        with pytest.raises(psycopg.errors.InsufficientPrivilege):
            raw.execute(
                "INSERT INTO capy.sources (project, label, kind, content_type, content_hash, "
                "indexed_at, last_accessed_at) VALUES (%s, 'planted', 'durable', 'markdown', "
                "'h', now(), now())",
                (alice.project,),
            )
        # … and cannot grant itself membership
        with pytest.raises(psycopg.errors.InsufficientPrivilege):
            raw.execute(
                "INSERT INTO capy.members (role_name, project) VALUES (current_user, %s)",
                (alice.project,),
            )
        assert raw.execute("UPDATE capy.sources SET label = 'x'").rowcount == 0
        assert raw.execute("DELETE FROM capy.chunks").rowcount == 0
    assert [s.label for s in store.sources()] == ["docs/secret-plan"]
    store.close()
    other.close()


def test_two_members_of_one_project_share_it(team_server: TeamServerForTests) -> None:
    alice = team_server.member()
    bob = team_server.member(project=alice.project)
    alices = PostgresKnowledgeStore(alice.url, alice.project)
    alices.index(document("docs/deploy", ("Deploy", "roll out with helm upgrade --atomic")))
    bobs = PostgresKnowledgeStore(bob.url, bob.project)
    hits = bobs.search(words("helm"), ALL, 10)
    assert [hit.label for hit in hits] == ["docs/deploy"]
    alices.close()
    bobs.close()


def test_labels_are_redacted_before_they_leave(team_server: TeamServerForTests) -> None:
    member = team_server.member()
    store = PostgresKnowledgeStore(member.url, member.project)
    label = "https://api.example.com/v1/items?api_key=sk_live_4eC39HqLyjWDarjtT1zdp7dc"
    store.index(document(label, ("Items", "item list")))
    stored = store.sources()[0].label
    assert "4eC39HqLyjWDarjtT1zdp7dc" not in stored
    assert store.source_by_label(label) is not None  # looked up the same way
    store.close()


def test_init_and_add_member_run_again_change_nothing(team_server: TeamServerForTests) -> None:
    admin = PostgresTeamServer()
    again = admin.init(team_server.server.owner_url())
    assert again.applied == ()
    member = team_server.member()
    repeated = admin.add_member(team_server.server.owner_url(), member.role, member.project, None)
    assert (repeated.role_created, repeated.membership_added) == (False, False)


def test_status_shows_tls_rls_and_the_member_s_projects(team_server: TeamServerForTests) -> None:
    member = team_server.member()
    store = PostgresKnowledgeStore(member.url, member.project)
    store.index(document("a", ("T", "one"), ("U", "two")))
    store.close()
    status = PostgresTeamServer().status(member.url)
    assert status.tls and status.rls_in_force and not status.problems
    assert [(p.project, p.sources, p.chunks) for p in status.projects] == [(member.project, 1, 2)]
    owner = PostgresTeamServer().status(team_server.server.owner_url())
    assert any("owns capy's tables" in problem for problem in owner.problems)
