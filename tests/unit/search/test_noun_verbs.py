"""A ``-ment`` noun is searched as its verb where Porter stems them alike (ADR 0317)."""

from __future__ import annotations

import pytest

from domain.search.inflections import searched_forms
from domain.search.matching import term_groups
from domain.search.noun_verbs import verb_forms
from domain.search.query import parse_query


@pytest.mark.parametrize(
    ("noun", "verb"),
    [
        ("requirement", "require"),
        ("requirements", "require"),
        ("deployment", "deploy"),
        ("deployments", "deploy"),
        ("assignment", "assign"),
        ("replacement", "replace"),
        ("enforcement", "enforce"),
    ],
)
def test_a_ment_noun_porter_strips_gains_its_verb(noun: str, verb: str) -> None:
    assert verb_forms(noun) == (verb,)
    assert verb in searched_forms(noun)


@pytest.mark.parametrize(
    "word",
    # Porter keeps these whole: their rest is too short (measure 1 or less) and names another
    # thing; and words not ending in -ment have no such verb.
    [
        "comment",
        "statement",
        "element",
        "argument",
        "moment",
        "payment",
        "segment",
        "require",
        "deploy",
        "ment",
        "mements",
        "re-assignment",
    ],
)
def test_other_words_gain_no_verb(word: str) -> None:
    assert verb_forms(word) == ()


def test_a_section_saying_the_verb_holds_the_noun() -> None:
    # pkg-config's ``--print-requires-private`` prints what "private requirements" asks for.
    groups = term_groups(parse_query("private requirements of libtide"))
    found = groups.present("$ pkg-config --print-requires --print-requires-private libtide")
    assert found == [True, True, True]
