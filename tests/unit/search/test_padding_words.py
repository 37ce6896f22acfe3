"""A generic word closing a question that names its subject pads it (ADR 0312)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, cast

import pytest

from application.ports.knowledge_store import KnowledgeStore
from application.search.layers import LayerPlan, retrieve
from domain.search.matching import term_groups
from domain.search.padding_words import padding_units
from domain.search.query import parse_query
from domain.search.rerank import rerank
from domain.search.rrf import FusedHit
from domain.search.store_query import Combine, StoreQuery
from domain.search_hit import LayerHit, SearchLayer, SearchScope
from tests.unit.search.test_rerank import fused


def padded(question: str) -> list[str]:
    units = term_groups(parse_query(question)).units
    bits = padding_units(question, units)
    return [unit for at, unit in enumerate(units) if bits >> at & 1]


@pytest.mark.parametrize(
    ("question", "padding"),
    [
        ("which commit was dropped from the reworked branch error", ["error"]),
        ("what port is the mailpit web ui published on error?", ["error"]),
        ("which header is missing what failed", ["failed"]),
        ("rate limiter redis down fail open issue", ["issue"]),
        ("which commit introduced the rounding bug problem", ["problem"]),
    ],
)
def test_a_closing_outcome_word_after_the_subject_pads(question: str, padding: list[str]) -> None:
    assert padded(question) == padding


@pytest.mark.parametrize(
    "question",
    [
        "why did the sitemap build fail",  # the verb of the question
        "which makefile rule failed",
        "worker healthcheck failing connect",  # asked, not closing
        "was the error path for an unknown country covered",
        "payment errors",  # the outcome word is the question
        "which file has lint errors",  # the plural: the things asked for
        "which tests failed what failed",
        "what went wrong",
        "error",
    ],
)
def test_an_outcome_word_the_question_needs_is_no_padding(question: str) -> None:
    assert padded(question) == []


def hit(chunk_id: int, content: str, score: float) -> FusedHit:
    return fused(chunk_id, content, source_id=chunk_id, score=score, label=f"s{chunk_id}")


def test_padding_weighs_nothing_in_ranking() -> None:
    question = "which commit was dropped from the reworked branch error"
    groups = term_groups(parse_query(question))
    bits = padding_units(question, groups.units)
    noise = hit(1, "error: commit 1f3a on branch main could not be applied", 1.0)
    answer = hit(2, "commit ce75684 was dropped when reworked", 0.9)
    others = [hit(3 + n, f"step {n} done", 0.5) for n in range(4)]
    hits = [noise, answer, *others]
    before = {h.hit.chunk_id: h.coverage for h in rerank(hits, groups, ()).hits}
    ranking = rerank(hits, groups, (), padding=bits)
    after = {h.hit.chunk_id: h.coverage for h in ranking.hits}
    assert ranking.weights[groups.units.index("error")] == 0.0
    assert after[1] < before[1]  # the section saying "error" no longer counts it
    assert after[2] == before[2]  # a hit lacking a generic word never lost for it (ADR 0092)


class RecordingStore:
    """A store that finds nothing and keeps the queries it was asked."""

    def __init__(self) -> None:
        self.asked: list[StoreQuery] = []

    def search(self, query: StoreQuery, scope: SearchScope, limit: int) -> list[LayerHit]:
        self.asked.append(query)
        return []

    def has_word(self, word: str) -> bool:
        return False

    def chunk_frequencies(self, words: Sequence[str]) -> tuple[int, tuple[int, ...]]:
        return 0, tuple(0 for _ in words)


def test_the_any_query_leaves_the_padding_out_the_all_query_keeps_it() -> None:
    question = "which branch dropped the commit error"
    parsed = parse_query(question)
    groups = term_groups(parsed)
    bits = padding_units(question, groups.units)
    unpadded = parse_query("which branch dropped the commit")
    store = RecordingStore()
    retrieve(
        cast(KnowledgeStore, cast(Any, store)), parsed, SearchScope(), LayerPlan(3, 30), unpadded
    )
    words = [q for q in store.asked if q.layer is SearchLayer.WORDS]
    everything = [q for q in words if q.combine is Combine.ALL]
    fill = [q for q in words if q.combine is Combine.ANY]
    assert bits
    assert any("error" in group for q in everything for group in q.groups)
    assert fill
    assert not any("error" in group for q in fill for group in q.groups)


def test_the_substrings_layer_asks_for_what_the_question_asks_its_padding_aside() -> None:
    # ADR 0322: with the padding in the substrings layer, a section of error lines rose in the
    # fused ranking until the verdict saw no lead and silenced a padded question.
    parsed = parse_query("which branch dropped the commit error")
    unpadded = parse_query("which branch dropped the commit")
    store = RecordingStore()
    retrieve(
        cast(KnowledgeStore, cast(Any, store)), parsed, SearchScope(), LayerPlan(3, 30), unpadded
    )
    substrings = [q for q in store.asked if q.layer is SearchLayer.SUBSTRINGS]
    assert substrings
    assert not any("error" in group for q in substrings for group in q.groups)
