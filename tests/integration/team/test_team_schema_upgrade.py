"""A server at the first schema, with knowledge in it, upgraded by ``capy team init``."""

from __future__ import annotations

import itertools

import pytest

from adapters.postgres import migrations, postgres_team_server, team_writer
from adapters.postgres.postgres_knowledge_store import PostgresKnowledgeStore
from adapters.postgres.postgres_team_server import PostgresTeamServer
from domain.search_hit import SearchScope
from domain.source_kind import ALL_KINDS
from tests.support.team import MEMBER_PASSWORD, TeamServerForTests
from tests.unit.store.documents import document
from tests.unit.store.queries import substrings, words

ALL = SearchScope(kinds=ALL_KINDS)
_numbers = itertools.count(1)


def test_init_fills_the_postings_and_trigrams_of_chunks_indexed_before_them(
    team_server: TeamServerForTests, monkeypatch: pytest.MonkeyPatch
) -> None:
    server = team_server.server
    database = f"capy_upgrade_{next(_numbers)}"
    server.psql(f"CREATE DATABASE {database} OWNER capy_owner")

    def in_database(url: str) -> str:
        return url.replace("/capy?", f"/{database}?")

    owner = in_database(server.owner_url())
    first = migrations.available()[:1]
    with monkeypatch.context() as old_capy:
        old_capy.setattr(migrations, "available", lambda: first)
        old_capy.setattr(
            postgres_team_server,
            "DATA_TABLES",
            tuple(t for t in postgres_team_server.DATA_TABLES if t not in ("postings", "trigrams")),
        )
        # the writer of that schema had no postings nor trigrams to fill
        old_capy.setattr(team_writer, "_POSTINGS", "SELECT %(p)s::text, %(source)s::bigint")
        old_capy.setattr(team_writer, "_TRIGRAMS", "SELECT %(p)s::text, %(source)s::bigint")
        PostgresTeamServer().init(owner)
        PostgresTeamServer().add_member(owner, "upgrade_member", "example.org/u", MEMBER_PASSWORD)
        member = in_database(server.url("upgrade_member", MEMBER_PASSWORD))
        store = PostgresKnowledgeStore(member, "example.org/u")
        store.index(document("docs/backup", ("Backups", "pgbackrest restores the stanza nightly")))
        store.index(document("docs/other", ("Other", "nothing about restores of anything")))
        store.close()

    with pytest.raises(Exception, match="older capy schema"):
        PostgresKnowledgeStore(member, "example.org/u")
    outcome = PostgresTeamServer().init(owner)
    assert outcome.applied == ("0002_word_postings", "0003_trigram_postings")
    store = PostgresKnowledgeStore(member, "example.org/u")
    hits = store.search(words("stanza", "restores"), ALL, 5)
    assert [hit.label for hit in hits] == ["docs/backup"]
    assert sorted(h.label for h in store.search(words("restores"), ALL, 5)) == [
        "docs/backup",
        "docs/other",
    ]
    assert [h.label for h in store.search(substrings("BackRest"), ALL, 5)] == ["docs/backup"]
    store.index(document("docs/new", ("New", "a stanza written after the upgrade")))
    assert len(store.search(words("stanza"), ALL, 5)) == 2
    assert len(store.search(substrings("stanz"), ALL, 5)) == 2
    store.close()
