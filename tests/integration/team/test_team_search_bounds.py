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


def test_a_substring_is_found_in_chunks_of_any_age_through_its_rarest_trigram(
    crowded: PostgresKnowledgeStore,
    monkeypatch: pytest.MonkeyPatch,
    caplog: pytest.LogCaptureFixture,
) -> None:
    monkeypatch.setattr(team_search, "SUBSTRING_READ_BOUND", 3)
    with caplog.at_level(logging.INFO, logger="capy.store"):
        newest = crowded.search(substrings("zygot"), ALL, 10)
        old = crowded.search(substrings("NOTE 0"), ALL, 10)
        either = crowded.search(substrings(("e 1", "e 2")), ALL, 10)
        both = crowded.search(substrings("common", "e 4"), ALL, 10)
        none = crowded.search(substrings("note 9"), ALL, 10)
    assert [hit.label for hit in newest] == ["special"]
    assert [hit.label for hit in old] == ["doc-0"]  # older than the newest three chunks
    assert sorted(hit.label for hit in either) == ["doc-1", "doc-2"]
    assert [hit.label for hit in both] == ["doc-4"] and none == []
    assert caplog.text == ""  # no trigram of these is in more than three chunks


def test_a_substring_of_common_trigrams_reads_the_newest_candidates_and_says_so(
    crowded: PostgresKnowledgeStore,
    monkeypatch: pytest.MonkeyPatch,
    caplog: pytest.LogCaptureFixture,
) -> None:
    monkeypatch.setattr(team_search, "SUBSTRING_READ_BOUND", 3)
    original = team_search.search_substrings
    monkeypatch.setattr(
        team_search, "search_substrings", lambda *a, **k: original(*a, **{**k, "bound": 3})
    )
    with caplog.at_level(logging.WARNING, logger="capy.store"):
        common = crowded.search(substrings("words"), ALL, 10)
    assert sorted(hit.label for hit in common) == ["doc-4", "doc-5", "special"]
    assert "words is too common" in caplog.text and "newest 3" in caplog.text
    assert len(caplog.records) == 1  # the ranking bound, reached too, needs no second line
    # A search within named chunks reads them wherever they are, and says nothing.
    caplog.clear()
    chunk = crowded.chunks_of(crowded.source_by_label("doc-0").id)[0]  # type: ignore[union-attr]
    within = crowded.search(substrings("words"), ALL, 10, within=[chunk.chunk_id])
    assert [hit.label for hit in within] == ["doc-0"] and caplog.text == ""


def test_a_source_s_trigrams_go_with_it(crowded: PostgresKnowledgeStore) -> None:
    doc = crowded.source_by_label("doc-3")
    assert doc is not None and crowded.delete_sources([doc.id]) == 1
    assert crowded.search(substrings("note 3"), ALL, 10) == []
    crowded.index(document("doc-3", ("Notes", "note 3 came back with a quokka")))
    assert [hit.label for hit in crowded.search(substrings("quokk"), ALL, 10)] == ["doc-3"]
