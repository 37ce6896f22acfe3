"""Turning typed text into terms and phrases: never fails, keeps what matters."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from domain.search.fts_expression import Combine, porter_expression, trigram_expression
from domain.search.query import parse_query


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


def test_porter_expression_quotes_every_string_and_adds_synonyms() -> None:
    expression = porter_expression(parse_query("db AND timeout"), Combine.ALL)
    assert expression == '("db" OR "database" OR "datastore") AND ("timeout" OR "timed-out")'


def test_trigram_expression_skips_short_strings_but_keeps_long_synonyms() -> None:
    expression = trigram_expression(parse_query("db go"), Combine.ANY)
    assert expression == '("database" OR "datastore")'


def test_trigram_expression_is_none_without_three_characters() -> None:
    assert trigram_expression(parse_query("go"), Combine.ALL) is None


def test_or_expression_joins_groups_with_or() -> None:
    assert porter_expression(parse_query("alpha beta"), Combine.ANY) == '"alpha" OR "beta"'


@given(st.text())
def test_parsing_never_raises_and_expressions_quote_everything(text: str) -> None:
    parsed = parse_query(text)
    for combine in Combine:
        for expression in (
            porter_expression(parsed, combine),
            trigram_expression(parsed, combine),
        ):
            if expression is not None:
                assert expression.count('"') % 2 == 0
                assert "\x00" not in expression


def test_a_measure_at_a_cut_off_gains_its_notation_and_keeps_its_words() -> None:
    terms = parse_query("how much did recall at 5 improve").terms
    assert terms == ("recall", "5", "improve", "recall@5")
    assert parse_query("what went wrong at 3").terms == ("went", "wrong", "3", "wrong@3")
    assert parse_query("the server at 10.0.0.1").terms == ("server", "10.0.0.1")
