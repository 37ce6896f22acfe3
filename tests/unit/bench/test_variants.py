"""The fixed split of a corpus into halves, and the misspelt and padded variants of questions."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from domain.bench.variants import (
    GENERIC_WORDS,
    Half,
    VariantKind,
    half_of,
    variants_of,
)
from domain.search.keyboard import NEIGHBOURS, is_slip
from domain.search.levenshtein import levenshtein


def test_a_case_s_half_is_fixed_by_its_id_and_the_halves_are_about_even() -> None:
    assert half_of("md_001_q1") is half_of("md_001_q1")
    halves = [half_of(f"case_{n}") for n in range(2_000)]
    assert 0.45 < halves.count(Half.TUNING) / len(halves) < 0.55


def test_a_question_gets_one_typo_per_kind_of_slip_and_one_generic_word() -> None:
    question = "migration lock timeout after deploy"
    found = variants_of("pt_007_q2", question)
    typos = [v for v in found if v.kind is VariantKind.TYPO]
    assert [v.slip for v in typos] == ["swap", "drop", "double", "neighbour"]
    for variant in typos:
        words = variant.query.split()
        changed = [(a, b) for a, b in zip(question.split(" "), words, strict=True) if a != b]
        assert len(changed) == 1  # one slip, in one word
        ((before, after),) = changed
        assert before not in {"after"}  # stopwords are left alone
        assert levenshtein(before, after) == 1 and before[0] == after[0]
        assert is_slip(after, before)
    (generic,) = [v for v in found if v.kind is VariantKind.GENERIC]
    assert generic.slip in GENERIC_WORDS
    assert generic.query == f"migration lock timeout after deploy {generic.slip}"


def test_variants_are_the_same_every_time() -> None:
    assert variants_of("a", "which worker restarted twice") == variants_of(
        "a", "which worker restarted twice"
    )


def test_a_question_of_short_words_and_identifiers_gets_only_the_generic_variant() -> None:
    found = variants_of("x", "ls src/app.py:42 TS2345")
    assert [v.kind for v in found] == [VariantKind.GENERIC]


def test_neighbouring_keys_are_next_to_each_other_on_the_keyboard() -> None:
    assert set(NEIGHBOURS["g"]) == set("fhtybv")
    assert set(NEIGHBOURS["q"]) == set("wa")
    assert all(letter not in near for letter, near in NEIGHBOURS.items())


@given(st.text("abcdefghijklmnopqrstuvwxyz ", min_size=1, max_size=40), st.text(max_size=8))
def test_every_variant_differs_from_its_question(query: str, case_id: str) -> None:
    for variant in variants_of(case_id, query):
        assert variant.query != query
