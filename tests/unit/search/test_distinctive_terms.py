"""Distinctive terms of a source: rare across its chunks, but not unique to one."""

from __future__ import annotations

from domain.search.distinctive_terms import distinctive_terms, telling_terms


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
