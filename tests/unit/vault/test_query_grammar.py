"""The vault's query grammar: what ``--raw`` reads, and the errors that say what to write."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from domain.errors import InvalidInput
from domain.vault.query_grammar import And, Not, Or, Phrase, every_word, parse


def test_words_phrases_prefixes_and_operators_keep_their_precedence() -> None:
    assert parse('deploy* "exact phrase"') == And(Phrase("deploy", True), Phrase("exact phrase"))
    assert parse("a OR b c") == Or(Phrase("a"), And(Phrase("b"), Phrase("c")))
    assert parse("a NOT b OR c") == Or(Not(Phrase("a"), Phrase("b")), Phrase("c"))
    assert parse("(a OR b) AND c") == And(Or(Phrase("a"), Phrase("b")), Phrase("c"))
    assert parse('"say ""hi"""') == Phrase('say "hi"')


@pytest.mark.parametrize(
    ("text", "where"),
    [
        ('"unclosed', "never closed"),
        ("(a OR b", "never closed"),
        ("a OR", "ends where"),
        ("AND a", "out of place"),
        ("(a OR b) c", "needs AND, OR or NOT"),
        ("NEAR(a b)", "needs AND, OR or NOT"),
        ("   ", "nothing to search for"),
    ],
)
def test_what_is_not_the_grammar_is_a_clear_error(text: str, where: str) -> None:
    with pytest.raises(InvalidInput) as raised:
        parse(text)
    assert where in raised.value.message
    assert "--raw" in raised.value.hint and "OR" in raised.value.hint


def test_every_word_makes_each_token_a_required_phrase() -> None:
    assert every_word("npm AND --watch") == And(
        And(Phrase("npm"), Phrase("AND")), Phrase("--watch")
    )
    assert every_word("  ") is None


@given(st.text())
def test_parsing_either_reads_a_tree_or_refuses_with_a_hint(text: str) -> None:
    try:
        tree = parse(text)
    except InvalidInput as error:
        assert error.hint
    else:
        assert isinstance(tree, Phrase | And | Or | Not)
