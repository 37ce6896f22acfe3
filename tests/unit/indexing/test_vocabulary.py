"""Vocabulary words for fuzzy correction."""

from __future__ import annotations

import re

from hypothesis import given
from hypothesis import strategies as st

from domain.search.stopwords import STOPWORDS
from domain.search.words import distinct_words, identifier_parts, vocabulary_words, words
from domain.vocabulary import (
    _has_inner_separator,
    _may_be_compound,
    _separated_parts,
    distinct_tokens,
    document_vocabulary,
)


def test_lowercased_three_plus_characters_without_stopwords() -> None:
    words = document_vocabulary("The Kubernetes pod-name is my_service; at 42 ok -dash- x")
    assert words == {"kubernetes", "pod-name", "pod", "name", "my_service", "service", "dash"}


def test_compound_identifiers_add_their_parts() -> None:
    words = document_vocabulary("SESSION_LIFETIME_HOURS=12 passwordHash HTTPServer x_y")
    assert {"session_lifetime_hours", "session", "lifetime", "hours"} <= words
    assert {"passwordhash", "password", "hash", "httpserver", "http", "server"} <= words
    assert "x_y" in words


def test_unicode_letters_and_overlong_tokens() -> None:
    words = document_vocabulary("Größe café " + "a" * 65)
    assert words == {"größe", "café"}


@given(st.text(alphabet=st.sampled_from("abcXYZ_- \n.éÉ日0-"), max_size=200))
def test_agrees_with_search_vocabulary_words(text: str) -> None:
    expected = {w for w in vocabulary_words(text) if len(w) <= 64}
    assert document_vocabulary(text) == expected


@given(st.text(alphabet="ab_-. \nZé\u0130", max_size=400), st.integers(1, 40))
def test_slices_find_every_token_whole(text: str, slice_chars: int) -> None:
    tokens = set(re.findall(r"[\w-]+", text))
    # Tokens too short to give a word are not collected, unless ``lower`` lengthens one.
    expected = tokens if "\u0130" in text else {t for t in tokens if len(t) >= 3}
    assert distinct_tokens(text, slice_chars) == expected


@given(st.text(alphabet=st.sampled_from("aB_-\u0130 .x9é"), max_size=60))
def test_leaving_short_tokens_out_leaves_the_words_alike(text: str) -> None:
    # A lone dotted capital I gives no word, but makes every token be collected.
    assert document_vocabulary(text) == document_vocabulary(text + " \u0130")


def test_a_short_token_with_a_dotted_capital_i_still_gives_its_word() -> None:
    assert "i\u0307x" in document_vocabulary("\u0130x")


@given(
    st.text(alphabet=st.characters(max_codepoint=127), max_size=400) | st.text(max_size=100),
    st.integers(1, 40),
)
def test_ascii_slices_split_by_bytes_find_the_pattern_s_tokens(text: str, slice_chars: int) -> None:
    # Every ASCII character, control characters and all, and any text beside them.
    tokens = set(re.findall(r"[\w-]+", text))
    expected = tokens if "\u0130" in text else {t for t in tokens if len(t) >= 3}
    assert distinct_tokens(text, slice_chars) == expected


@given(st.text(alphabet="aZ_-9é ÉxY", max_size=40))
def test_tokens_skipped_as_plain_words_have_no_identifier_parts(text: str) -> None:
    for token in text.split():
        if not _may_be_compound(token):
            assert identifier_parts(token) == []


@given(st.text(alphabet="ab9_-é日ςσßK\u0130x", min_size=1, max_size=40))
def test_tokens_without_capitals_split_as_identifier_parts_does(text: str) -> None:
    for token in re.findall(r"[\w-]+", text):
        if token.lower() == token:
            assert _separated_parts(token) == identifier_parts(token)


@given(st.text(alphabet="ab9_-é日ςσßK\u0130x", min_size=1, max_size=40))
def test_a_token_has_separated_parts_when_a_separator_is_inside_it(text: str) -> None:
    for token in re.findall(r"[\w-]+", text):
        assert _has_inner_separator(token) == bool(_separated_parts(token))


@given(st.lists(st.text(alphabet="ab9_-éxyz", min_size=1, max_size=12), max_size=30))
def test_parts_of_tokens_split_together_are_the_parts_of_each(tokens: list[str]) -> None:
    text = " ".join(tokens)
    expected = {w for w in vocabulary_words(text) if len(w) <= 64}
    assert document_vocabulary(text) == expected
    each = {p for t in re.findall(r"[\w-]+", text) for p in _separated_parts(t) if len(p) >= 3}
    assert each <= document_vocabulary(text) | {w for w in each if w in STOPWORDS}


@given(
    st.text(max_size=200), st.lists(st.sampled_from(["latency", "slow", "the", "gateway", "ab"]))
)
def test_known_words_join_the_text_s_words_less_stopwords(text: str, known: list[str]) -> None:
    expected = document_vocabulary(text) | (frozenset(known) - STOPWORDS)
    assert document_vocabulary(text, known=known) == expected


@given(st.text(alphabet=st.sampled_from("aBz_-09 .\n"), max_size=200))
def test_an_ascii_text_s_short_tokens_give_no_word(text: str) -> None:
    # An ASCII slice's short tokens reach the loop, which drops them like the search's rule.
    expected = {w for w in vocabulary_words(text) if len(w) <= 64}
    assert document_vocabulary(text) == expected


@given(
    st.text(alphabet=st.sampled_from("aZ_-- .\n9éİß\u0130ǅ"), max_size=60) | st.text(max_size=40)
)
def test_distinct_words_are_the_set_of_the_words(text: str) -> None:
    assert distinct_words(text) == set(words(text))
