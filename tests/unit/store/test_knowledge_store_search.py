"""Contract: one layer at a time — ALL/ANY, stems, substrings, scope, within, relevance."""

from __future__ import annotations

import pytest

from application.ports.knowledge_store import KnowledgeStore
from domain.chunk import Chunk
from domain.search.store_query import Combine
from domain.search_hit import SearchScope
from domain.source_kind import ALL_KINDS, SourceKind
from tests.unit.store.documents import document
from tests.unit.store.queries import substrings, words

ANY = Combine.ANY
ALL = SearchScope(kinds=ALL_KINDS)


@pytest.fixture
def corpus(store: KnowledgeStore) -> KnowledgeStore:
    store.index(document("guide", ("Deploy", "Deploying to kubernetes with helm charts")))
    store.index(document("notes", ("Misc", "the cache layer uses redis for sessions")))
    store.index(
        document(
            "execute:python", ("Output", "kubernetes pods restarting"), kind=SourceKind.EPHEMERAL
        )
    )
    store.index(
        document(
            "session:1", ("Turns 1-2", "we discussed encryption keys"), kind=SourceKind.SESSION
        )
    )
    return store


def labels(hits: list) -> list[str]:  # type: ignore[type-arg]
    return [h.label for h in hits]


def test_porter_matches_stems(corpus: KnowledgeStore) -> None:
    hits = corpus.search(words("deployed"), ALL, 10)
    assert labels(hits) == ["guide"]
    hit = hits[0]
    assert (hit.title, hit.kind, hit.has_code) == ("Deploy", SourceKind.DURABLE, False)
    assert hit.content == "Deploying to kubernetes with helm charts"


def test_implicit_and_requires_every_term(corpus: KnowledgeStore) -> None:
    assert labels(corpus.search(words("kubernetes", "helm"), ALL, 10)) == ["guide"]
    assert corpus.search(words("kubernetes", "redis"), ALL, 10) == []


def test_or_and_groups(corpus: KnowledgeStore) -> None:
    either = corpus.search(words("helm", "redis", combine=ANY), ALL, 10)
    assert sorted(labels(either)) == ["guide", "notes"]
    grouped = corpus.search(words(("helm", "redis"), "sessions"), ALL, 10)
    assert labels(grouped) == ["notes"]


def test_trigram_matches_substrings(corpus: KnowledgeStore) -> None:
    hits = corpus.search(substrings("ncrypt"), ALL, 10)
    assert labels(hits) == ["session:1"]
    assert corpus.search(substrings("KUBERN", "restart"), ALL, 10)[0].label == "execute:python"


def test_default_scope_hides_ephemeral(corpus: KnowledgeStore) -> None:
    assert labels(corpus.search(words("kubernetes"), SearchScope(), 10)) == ["guide"]


def test_source_filter_lifts_kind_filter(corpus: KnowledgeStore) -> None:
    scope = SearchScope(source="EXECUTE")
    assert labels(corpus.search(words("kubernetes"), scope, 10)) == ["execute:python"]
    exact = SearchScope(source="execute:python", exact_source=True)
    assert labels(corpus.search(words("kubernetes"), exact, 10)) == ["execute:python"]
    assert (
        corpus.search(words("kubernetes"), SearchScope(source="execute", exact_source=True), 10)
        == []
    )
    explicit = SearchScope(source="e", kinds=frozenset({SourceKind.DURABLE}), kinds_explicit=True)
    assert labels(corpus.search(words("kubernetes"), explicit, 10)) == ["guide"]


def test_source_filter_treats_like_wildcards_literally(store: KnowledgeStore) -> None:
    store.index(document("a_b", ("T", "needle")))
    store.index(document("axb", ("T", "needle")))
    store.index(document("100%", ("T", "needle")))
    store.index(document("1000", ("T", "needle")))

    assert labels(store.search(words("needle"), SearchScope(source="a_b"), 10)) == ["a_b"]
    assert labels(store.search(words("needle"), SearchScope(source="0%"), 10)) == ["100%"]


def test_within_restricts_to_chunk_ids(corpus: KnowledgeStore) -> None:
    all_hits = corpus.search(words("kubernetes"), ALL, 10)
    assert len(all_hits) == 2
    keep = all_hits[1].chunk_id
    assert [h.chunk_id for h in corpus.search(words("kubernetes"), ALL, 10, within=[keep])] == [
        keep
    ]
    assert corpus.search(words("kubernetes"), ALL, 10, within=[]) == []


def test_chunk_ids_agree_across_layers_and_chunks_of(corpus: KnowledgeStore) -> None:
    porter = corpus.search(words("helm"), ALL, 10)[0]
    trigram = corpus.search(substrings("helm"), ALL, 10)[0]
    assert porter.chunk_id == trigram.chunk_id
    assert [c.chunk_id for c in corpus.chunks_of(porter.source_id)] == [porter.chunk_id]


def test_limit_and_order(store: KnowledgeStore) -> None:
    store.index(document("weak", ("Misc", "one mention of widget among many other words here")))
    store.index(document("strong", ("Widget", "widget widget")))
    hits = store.search(words("widget"), ALL, 10)
    assert labels(hits) == ["strong", "weak"]
    assert hits[0].relevance > hits[1].relevance
    assert len(store.search(words("widget"), ALL, 1)) == 1


def test_title_matches_weigh_more(store: KnowledgeStore) -> None:
    store.index(document("body", ("Notes", "gateway settings")))
    store.index(document("title", ("Gateway", "some settings")))
    assert labels(store.search(words("gateway"), ALL, 10))[0] == "title"


@pytest.mark.parametrize(
    "text",
    ['"unterminated', "AND", "(", '"a" OR', ")", '("a" OR "b") "c"', 'NOT "x"', "x*", "t:x"],
)
def test_query_syntax_in_the_text_is_only_text(store: KnowledgeStore, text: str) -> None:
    store.index(document("plain", ("T", "nothing special here")))
    store.index(document("odd", ("T", f"before {text} after")))
    assert labels(store.search(substrings(text), ALL, 10)) == (["odd"] if len(text) > 2 else [])
    assert "plain" not in labels(store.search(words(text, "before"), ALL, 10))


def test_relevance_is_higher_for_the_better_hit_in_both_layers(store: KnowledgeStore) -> None:
    store.index(document("weak", ("Misc", "one widgetry mention among many other words here")))
    store.index(document("strong", ("Widgetry", "widgetry widgetry")))
    for query in (words("widgetry"), substrings("widgetry")):
        hits = store.search(query, ALL, 10)
        assert labels(hits) == ["strong", "weak"]
        assert hits[0].relevance > hits[1].relevance > 0


def test_short_trigram_terms_match_nothing(corpus: KnowledgeStore) -> None:
    assert corpus.search(substrings("he"), ALL, 10) == []


def test_deleted_sources_are_not_found(corpus: KnowledgeStore) -> None:
    guide = corpus.source_by_label("guide")
    assert guide is not None
    corpus.delete_sources([guide.id])
    assert corpus.search(words("helm"), ALL, 10) == []
    assert corpus.search(substrings("helm"), ALL, 10) == []


def test_source_filter_folds_ascii_case_only(store: KnowledgeStore) -> None:
    store.index(document("Docs/ÉTÉ", ("T", "needle")))
    assert labels(store.search(words("needle"), SearchScope(source="docs/ÉTÉ"), 10)) == ["Docs/ÉTÉ"]
    assert store.search(words("needle"), SearchScope(source="docs/été"), 10) == []


def test_porter_searches_the_words_a_chunk_s_codes_stand_for(store: KnowledgeStore) -> None:
    line = '"GET /api/export HTTP/1.1" 500 27'
    store.index(document("access", ("Output", line)))
    store.index(document("coded", Chunk("Output", line, facts="server error")))
    hits = store.search(words("server", "error"), ALL, 10)
    assert labels(hits) == ["coded"]
    assert hits[0].facts == "server error" and hits[0].content == line
    assert not store.search(substrings("server error"), ALL, 10)


def test_chunk_frequencies_count_words_by_stem_and_phrases_in_order(store: KnowledgeStore) -> None:
    store.index(
        document(
            "docs/ops",
            ("Merge", "the merge queue rebuilds the table"),
            ("Tables", "tables merged nightly; queue merge later"),
            ("Other", "nothing in common"),
        )
    )
    total, counts = store.chunk_frequencies(["merge", "merge queue", "queue merge", "absent"])
    assert total == 3
    assert counts == (2, 1, 1, 0)
