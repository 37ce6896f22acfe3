"""Distinctive terms of a source: rare across its chunks, but not unique to one."""

from __future__ import annotations

from unittest.mock import patch

from hypothesis import given, settings
from hypothesis import strategies as st

import application.use_cases.find_distinctive_terms as find_distinctive_terms_module
import domain.search.distinctive_terms as distinctive_terms_module
from adapters.memory.in_memory_knowledge_store import InMemoryKnowledgeStore
from application.use_cases.find_distinctive_terms import FindDistinctiveTerms
from domain.search.distinctive_terms import RepeatedWords, distinctive_terms, telling_terms
from tests.unit.store.documents import document


def test_fewer_than_three_chunks_have_no_distinctive_terms() -> None:
    assert distinctive_terms(["alpha beta", "alpha gamma"]) == []


def test_words_in_some_but_not_most_chunks_rank_by_rarity_and_shape() -> None:
    chunks = [
        "shared words everywhere retry_budget",
        "shared words everywhere retry_budget",
        "shared words everywhere connectionpool",
        "shared words everywhere connectionpool unique",
        "shared words everywhere",
    ]
    terms = distinctive_terms(chunks)
    assert terms[0] == "retry_budget"
    assert "connectionpool" in terms
    assert "unique" not in terms  # one chunk only
    assert "shared" not in terms  # in every chunk


def test_numbers_hex_ids_numbered_families_and_rules_are_not_telling() -> None:
    terms = ["108", "test_case_108", "cus_8812", "3f9a2c", "0x1f", "test_case_109", "decimal"]
    assert telling_terms(terms) == ["cus_8812", "decimal"]
    assert telling_terms(["face", "added", "ipv6"]) == ["face", "added", "ipv6"]
    assert telling_terms(["________", "hat-00", "make_cart"]) == ["hat-00", "make_cart"]


def test_texts_made_one_at_a_time_give_the_terms_of_their_list() -> None:
    chunks = [f"shared words retry_budget_{i % 3} pool{i % 4} item{i}" for i in range(9)]
    assert distinctive_terms(iter(chunks)) == distinctive_terms(chunks)
    assert distinctive_terms(iter(chunks[:2])) == []


_WORDS = st.sampled_from(
    ["alpha", "beta", "retry_budget", "pool", "the", "ab", "connectionpool", "x1", "db-primary"]
    + [f"item{i}" for i in range(12)]
)
_TEXTS = st.lists(st.lists(_WORDS, max_size=12).map(" ".join), max_size=14)


@settings(max_examples=200, deadline=None)
@given(_TEXTS, st.sampled_from([8, 64, 1 << 23]), st.integers(1, 40))
def test_counting_only_the_repeated_words_gives_the_same_terms(
    texts: list[str], marks: int, limit: int
) -> None:
    # Few marks make most one-text words share a bit with a repeated one: those are counted,
    # and must still be left out.
    with patch.object(distinctive_terms_module, "_MARKS", marks):
        repeated = RepeatedWords(iter(texts))
        assert distinctive_terms(iter(texts), limit, among=repeated) == distinctive_terms(
            texts, limit
        )


def test_a_word_of_one_text_only_is_ruled_out_with_enough_marks() -> None:
    repeated = RepeatedWords(["alpha beta", "alpha gamma", "delta"])
    assert "alpha" in repeated
    assert "gamma" not in repeated and "delta" not in repeated


def _source(store: InMemoryKnowledgeStore, texts: list[str]) -> int:
    store.index(document("big", *[(f"part {i}", text) for i, text in enumerate(texts)]))
    source = store.source_by_label("big")
    assert source is not None
    return source.id


def test_a_big_source_read_twice_gives_the_terms_of_one_read() -> None:
    texts = [f"shared words retry_budget_{i % 3} pool{i % 4} item{i} " * 40 for i in range(30)]
    store = InMemoryKnowledgeStore()
    source_id = _source(store, texts)
    once = FindDistinctiveTerms(store).terms(source_id)
    with patch.object(find_distinctive_terms_module, "TWO_READS_CHARS", 1):
        assert (
            FindDistinctiveTerms(store).terms(source_id)
            == once
            == distinctive_terms([f"part {i}\n{text}" for i, text in enumerate(texts)])
        )
