"""Turning typed text into terms and phrases: never fails, keeps what matters."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from domain.search.query import parse_query
from domain.search.question_words import is_question_word
from domain.search.store_query import Combine, StoreQuery, substrings_query, words_query
from domain.search_hit import SearchLayer


def test_terms_are_lower_case_unique_and_free_of_prose_punctuation() -> None:
    parsed = parse_query("Why does Redis, redis fail?")
    assert parsed.terms == ("redis", "fail")


def test_stopwords_are_kept_when_nothing_else_remains() -> None:
    assert parse_query("what is this").terms == ("what", "is", "this")


def test_quoted_text_becomes_a_phrase() -> None:
    parsed = parse_query('the "connection refused" error')
    assert parsed.phrases == ("connection refused",)
    assert parsed.terms == ("error",)


def test_a_quoted_single_word_is_a_term() -> None:
    assert parse_query('"ECONNREFUSED"').terms == ("econnrefused",)


def test_identifiers_keep_their_inner_punctuation_and_leading_dot() -> None:
    parsed = parse_query("(.env) src/app.py c++ foo-bar x.y.")
    assert parsed.terms == (".env", "src/app.py", "c++", "foo-bar", "x.y")


def test_terms_without_letters_or_digits_are_dropped() -> None:
    assert parse_query("-> | 🙂 ...").is_empty


def test_unbalanced_quote_and_control_characters_are_harmless() -> None:
    parsed = parse_query('"unbalanced\x00 NEAR( title:x')
    assert parsed.terms == ("unbalanced", "near", "title:x")


def test_cjk_is_a_term() -> None:
    assert parse_query("热更新失效").terms == ("热更新失效",)


def test_the_words_query_has_a_group_per_unit_with_its_synonyms() -> None:
    query = words_query(parse_query("db AND timeout"), Combine.ALL)
    assert query == StoreQuery(
        SearchLayer.WORDS, (("db", "database", "datastore"), ("timeout", "timed-out")), Combine.ALL
    )
    assert query.text() == "db timeout"


def test_the_substrings_query_skips_short_strings_but_keeps_long_synonyms() -> None:
    query = substrings_query(parse_query("db go"), Combine.ANY)
    assert query == StoreQuery(SearchLayer.SUBSTRINGS, (("database", "datastore"),), Combine.ANY)


def test_the_substrings_query_is_none_without_three_characters() -> None:
    assert substrings_query(parse_query("go"), Combine.ALL) is None


def test_a_query_without_groups_is_none_and_repeats_are_dropped() -> None:
    assert StoreQuery.of(SearchLayer.WORDS, [(), ()], Combine.ALL) is None
    query = StoreQuery.of(SearchLayer.WORDS, [("a", "b", "a"), ()], Combine.ANY)
    assert query is not None and query.groups == (("a", "b"),) and query.is_single_group


@given(st.text())
def test_parsing_never_raises_and_queries_hold_only_non_empty_text(text: str) -> None:
    parsed = parse_query(text)
    for combine in Combine:
        for query in (words_query(parsed, combine), substrings_query(parsed, combine)):
            if query is not None:
                assert query.combine is combine and query.groups
                assert all(group and all(group) for group in query.groups)
                assert all("\x00" not in a for group in query.groups for a in group)


def test_a_measure_at_a_cut_off_gains_its_notation_and_keeps_its_words() -> None:
    terms = parse_query("how much did recall at 5 improve").terms
    assert terms == ("recall", "5", "improve", "recall@5")
    assert parse_query("what went wrong at 3").terms == ("went", "wrong", "3", "wrong@3")
    assert parse_query("the server at 10.0.0.1").terms == ("server", "10.0.0.1")


def test_good_is_a_term_that_asks_and_still_ranks() -> None:
    # ``git bisect good <rev>``: a state a tool writes, not a function word; a question that
    # says "a good way" is not silenced for it (it asks).
    assert "good" in parse_query("which commits were marked good during the bisect").terms
    assert is_question_word("good")


def test_a_possessive_is_read_as_its_owner() -> None:
    assert parse_query("which gcc version's own headers are used").terms == (
        "gcc",
        "version",
        "headers",
        "used",
    )
    assert parse_query("the API\u2019s TLS certificate").terms == ("api", "tls", "certificate")
    assert parse_query("node.js's loader").terms == ("node.js", "loader")
    # A contraction reads as its stopword, dropped as the word would be.
    assert parse_query("it's broken, let's see what's failing").terms == (
        "broken",
        "see",
        "failing",
    )


def test_code_and_a_lone_letter_keep_their_quote() -> None:
    assert parse_query("re.sub('s', x)").terms == ("re.sub('s", "x")
    assert parse_query("the 's' pattern").terms == ("s", "pattern")
    assert parse_query("a's value").terms == ("a's", "value")
    assert parse_query('"gcc\'s headers"').phrases == ("gcc's headers",)
