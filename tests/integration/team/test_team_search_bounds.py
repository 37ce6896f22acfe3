"""A query matching more chunks than the bound reads only the bound, and says so."""

from __future__ import annotations

import logging
from collections.abc import Iterator

import pytest

from adapters.postgres import team_search
from adapters.postgres.postgres_knowledge_store import PostgresKnowledgeStore
from domain.search_hit import SearchScope
from domain.source_kind import ALL_KINDS
from tests.support.team import TeamServerForTests
from tests.unit.store.documents import document
from tests.unit.store.queries import substrings, words

ALL = SearchScope(kinds=ALL_KINDS)


@pytest.fixture
def crowded(team_server: TeamServerForTests) -> Iterator[PostgresKnowledgeStore]:
    member = team_server.member()
    store = PostgresKnowledgeStore(member.url, member.project)
    for n in range(6):
        store.index(document(f"doc-{n}", ("Notes", f"the common words of note {n}")))
    store.index(document("special", ("The answer", "the common words and the rare zygote")))
    yield store
    store.close()


def test_a_common_word_reads_at_most_the_bound(
    crowded: PostgresKnowledgeStore,
    monkeypatch: pytest.MonkeyPatch,
    caplog: pytest.LogCaptureFixture,
) -> None:
    monkeypatch.setattr(team_search, "WORDS_BOUND", 3)
    with caplog.at_level(logging.INFO, logger="capy.store"):
        hits = crowded.search(words("common"), ALL, 10)
    assert len(hits) == 3
    assert "matched at least 3 chunks" in caplog.text
    caplog.clear()
    rare = crowded.search(words("zygote"), ALL, 10)
    assert [hit.label for hit in rare] == ["special"] and "matched at least" not in caplog.text


def test_a_common_substring_reads_at_most_the_bound(
    crowded: PostgresKnowledgeStore,
    monkeypatch: pytest.MonkeyPatch,
    caplog: pytest.LogCaptureFixture,
) -> None:
    monkeypatch.setattr(team_search, "SUBSTRING_BOUND", 4)
    original = team_search.search_substrings
    monkeypatch.setattr(
        team_search,
        "search_substrings",
        lambda *a, **k: original(*a, **{**k, "bound": team_search.SUBSTRING_BOUND}),
    )
    with caplog.at_level(logging.WARNING, logger="capy.store"):
        hits = crowded.search(substrings("the"), ALL, 10)
    assert len(hits) == 4
    assert "matched at least 4 chunks" in caplog.text
    ranked = crowded.search(substrings("zygo"), ALL, 10)
    assert [hit.label for hit in ranked] == ["special"]
    assert all(hit.relevance > 0 for hit in hits)


def test_a_substring_reads_the_newest_chunks_only_and_says_so(
    crowded: PostgresKnowledgeStore,
    monkeypatch: pytest.MonkeyPatch,
    caplog: pytest.LogCaptureFixture,
) -> None:
    monkeypatch.setattr(team_search, "SUBSTRING_READ_BOUND", 3)
    with caplog.at_level(logging.WARNING, logger="capy.store"):
        newest = crowded.search(substrings("zygot"), ALL, 10)
        old = crowded.search(substrings("note 0"), ALL, 10)
    assert [hit.label for hit in newest] == ["special"]
    assert old == []  # doc-0 is older than the newest three chunks
    assert "read the project's newest 3 chunks only" in caplog.text
    # The words layer still finds it, and a search within named chunks reads them wherever
    assert [hit.label for hit in crowded.search(words("note", "0"), ALL, 10)] == ["doc-0"]
    chunk = crowded.chunks_of(crowded.source_by_label("doc-0").id)[0]  # type: ignore[union-attr]
    within = crowded.search(substrings("note 0"), ALL, 10, within=[chunk.chunk_id])
    assert [hit.label for hit in within] == ["doc-0"]
