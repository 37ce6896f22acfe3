"""Ranking quality over a small realistic corpus with real FTS5 tokenizers and bm25."""

from __future__ import annotations

import pytest

from adapters.memory.fixed_clock import FixedClock
from application.use_cases.search_knowledge import SearchKnowledge
from domain.search_hit import SearchScope
from domain.source_kind import ALL_KINDS
from tests.integration.search.corpus import CASES, DOCS
from tests.integration.search.quality import evaluate
from tests.integration.search.sqlite_fts_store import SqliteFtsStore


@pytest.fixture(scope="module")
def store() -> SqliteFtsStore:
    store = SqliteFtsStore()
    for doc in DOCS:
        store.add(doc.label, doc.chunks, doc.kind)
    return store


def test_ranking_quality_on_the_realistic_corpus(store: SqliteFtsStore) -> None:
    search = SearchKnowledge(store, FixedClock(), track_access=False)  # type: ignore[arg-type]
    scope = SearchScope(kinds=ALL_KINDS, kinds_explicit=True)

    def contents(query: str) -> list[str]:
        return [r.title + "\n" + r.content for r in search.search(query, 10, scope).results]

    quality = evaluate(contents, CASES)
    assert quality.r1 >= 0.9, quality.misses
    assert quality.r5 >= 0.97, quality.misses
    assert quality.mrr >= 0.93
    assert quality.ndcg10 >= 0.93


def test_substrings_layer_is_skipped_when_words_found_enough(store: SqliteFtsStore) -> None:
    # Enough means as many as a ranking of ten needs, whatever the limit asked for.
    search = SearchKnowledge(store, FixedClock(), track_access=False)  # type: ignore[arg-type]
    store.searches.clear()
    found = search.search("test run", 1, SearchScope(kinds=ALL_KINDS, kinds_explicit=True))
    assert {s[0].value for s in store.searches} == {"words"}  # ALL, then ANY to fill
    assert found.results[0].layer == "rrf(words+substrings)"  # substring evidence, in process


def test_substrings_layer_is_asked_for_partial_words(store: SqliteFtsStore) -> None:
    search = SearchKnowledge(store, FixedClock(), track_access=False)  # type: ignore[arg-type]
    store.searches.clear()
    found = search.search("ConnectionRese", 3, SearchScope(kinds=ALL_KINDS, kinds_explicit=True))
    assert "substrings" in [s[0].value for s in store.searches]
    assert "ConnectionResetError" in found.results[0].content


def test_access_is_recorded_once_per_search_for_the_returned_sources(
    store: SqliteFtsStore,
) -> None:
    search = SearchKnowledge(store, FixedClock())  # type: ignore[arg-type]
    store.accessed.clear()
    found = search.search("grafana dashboards", 3, SearchScope(kinds=ALL_KINDS))
    assert store.accessed == [{r.source_id for r in found.results}]
