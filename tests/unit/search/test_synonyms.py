"""Synonym groups are symmetric, disjoint and free of stopwords."""

from __future__ import annotations

from domain.search.stopwords import STOPWORDS, is_stopword
from domain.search.synonyms import SYNONYM_GROUPS, synonyms_of


def test_synonyms_are_symmetric() -> None:
    for group in SYNONYM_GROUPS:
        for word in group:
            for other in synonyms_of(word):
                assert word in synonyms_of(other)


def test_a_word_belongs_to_one_group_only() -> None:
    words = [w for group in SYNONYM_GROUPS for w in group]
    assert len(words) == len(set(words))


def test_no_synonym_is_a_stopword() -> None:
    assert not {w for group in SYNONYM_GROUPS for w in group} & STOPWORDS


def test_lookup_ignores_case_and_unknown_words_have_none() -> None:
    assert "database" in synonyms_of("DB")
    assert synonyms_of("zebra") == ()
    assert is_stopword("The")
