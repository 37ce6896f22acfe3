"""Whether what a query names is held by the store, and by the best section found."""

from __future__ import annotations

import math

import pytest

from domain.search import answerability_tuning
from domain.search.answerability import (
    abbreviated,
    held_share,
    idf_weight,
    known_held_share,
    unanswerable,
    unit_words,
    unknown_share,
)
from domain.search.inflections import regular_forms

RARE, COMMON, ABSENT = idf_weight(100, 2), idf_weight(100, 90), idf_weight(100, 0)


def test_unit_words_are_the_unit_and_its_synonyms_unstemmed() -> None:
    # The store stems them as its own index does: capy's crude stem is not porter's.
    assert unit_words("table") == ("table",)
    assert unit_words("db") == ("db", "database", "datastore")
    assert unit_words("temporary file") == ("temporary",)


def test_held_share_counts_naming_units_only() -> None:
    units = ["redis", "connection", "refused", "pool"]
    weights = [ABSENT, COMMON, ABSENT, COMMON]
    assert held_share(units, weights, [False, False, False, True]) == pytest.approx(
        COMMON / (2 * ABSENT + 2 * COMMON)
    )
    # A generic word (``errors``: something went wrong) names nothing either.
    assert held_share([*units, "errors"], [*weights, RARE], [False, True, False, True, False]) == (
        pytest.approx(2 * COMMON / (2 * ABSENT + 2 * COMMON))
    )
    # Question words and words too short to judge neither count for nor against a section.
    assert held_share(["why", "ls", "rollup"], [ABSENT, ABSENT, RARE], [False, False, True]) == 1.0
    assert held_share(["why"], [ABSENT], [False]) == 1.0


def test_most_of_a_query_unknown_is_unanswerable_whatever_was_found() -> None:
    assert unanswerable(answerability_tuning.MAX_UNKNOWN_SHARE, lambda: 1.0, math.inf)


def test_nothing_unknown_is_answerable_however_thin_the_best_section() -> None:
    assert not unanswerable(0.0, lambda: 0.0, 1.0)


def test_partly_unknown_needs_a_best_section_that_holds_the_rest_or_stands_out() -> None:
    partly = answerability_tuning.PARTLY_UNKNOWN_SHARE
    thin, held = answerability_tuning.MIN_HELD_SHARE / 2, answerability_tuning.MIN_HELD_SHARE
    tied, leading = 1.0, answerability_tuning.CLEAR_LEAD
    # "redis connection refused errors": the best section holds only "errors", as many do.
    assert unanswerable(partly, lambda: thin, tied)
    assert not unanswerable(partly, lambda: held, tied)
    assert not unanswerable(partly, lambda: thin, leading)


def test_a_tied_best_section_must_hold_most_of_what_the_store_knows_of_the_query() -> None:
    partly, held_line = (
        answerability_tuning.PARTLY_UNKNOWN_SHARE,
        answerability_tuning.MIN_HELD_SHARE,
    )
    little, most = (
        answerability_tuning.MIN_KNOWN_HELD_SHARE / 2,
        answerability_tuning.MIN_KNOWN_HELD_SHARE,
    )
    tied, ahead = 1.0, answerability_tuning.TIED_LEAD
    # "database migration rollback with flyway": `flyway` is held nowhere and the best section,
    # no better than the next, holds `database` and `migration` but not the rarer `rollback`.
    assert unanswerable(partly, lambda: held_line, tied, lambda: little)
    assert not unanswerable(partly, lambda: held_line, tied, lambda: most)
    # Ahead of the next section, a share the near-tie rule (ADR 0412) lets pass is enough.
    fair = (answerability_tuning.MIN_NEAR_KNOWN_HELD_SHARE + most) / 2
    assert not unanswerable(partly, lambda: held_line, ahead, lambda: fair)
    assert not unanswerable(partly / 2, lambda: held_line, tied, lambda: 0.0)


def test_a_best_section_barely_ahead_must_hold_more_than_one_word_of_the_query() -> None:
    partly, held_line = (
        answerability_tuning.PARTLY_UNKNOWN_SHARE,
        answerability_tuning.MIN_HELD_SHARE,
    )
    little = answerability_tuning.MIN_NEAR_KNOWN_HELD_SHARE / 2
    some = answerability_tuning.MIN_NEAR_KNOWN_HELD_SHARE
    near = (answerability_tuning.TIED_LEAD + answerability_tuning.NEAR_LEAD) / 2
    ahead = answerability_tuning.NEAR_LEAD
    # "off-cpu time of irrigate waiting on io": `off-cpu` and `io` are held nowhere and the best
    # section, only just ahead of the next, holds `irrigate` and nothing else the question names.
    assert unanswerable(partly, lambda: held_line, near, lambda: little)
    assert not unanswerable(partly, lambda: held_line, near, lambda: some)
    assert not unanswerable(partly, lambda: held_line, ahead, lambda: little)
    assert not unanswerable(partly / 2, lambda: held_line, near, lambda: 0.0)


def test_known_held_share_counts_only_the_naming_units_the_store_surely_knows() -> None:
    units = ["database", "migration", "rollback", "flyway", "errors"]
    weights = [RARE, COMMON, RARE, ABSENT, RARE]
    known = [1.0, 1.0, 1.0, 0.0, 1.0]
    share = known_held_share(units, weights, known, [False, True, False, False, True])
    assert share == pytest.approx(COMMON / (2 * RARE + COMMON))
    # A unit known only through an uncertain correction neither counts for nor against it.
    assert known_held_share(["retry", "pilicy"], [RARE, RARE], [1.0, 0.5], [True, False]) == 1.0
    assert known_held_share(["flyway"], [ABSENT], [0.0], [False]) == 1.0


def test_the_best_section_is_only_looked_at_when_part_of_the_query_is_unknown() -> None:
    def never() -> float:
        raise AssertionError("looked at the best section")

    assert not unanswerable(answerability_tuning.PARTLY_UNKNOWN_SHARE / 2, never, 1.0)
    assert unanswerable(answerability_tuning.MAX_UNKNOWN_SHARE, never, 1.0)


def test_unknown_share_weighs_words_by_how_rare_they_are_in_the_store() -> None:
    assert ABSENT > RARE > COMMON
    assert unknown_share(["urllib3", "downgraded"], [RARE, ABSENT], [1.0, 0.0]) < 0.65
    assert unknown_share(["tests", "retried"], [COMMON, ABSENT], [1.0, 0.0]) > 0.65
    assert unknown_share(["why", "retried"], [ABSENT, ABSENT], [0.0, 1.0]) == 0.0


@pytest.mark.parametrize(
    ("word", "form"),
    [
        ("queries", "query"),
        ("warnings", "warning"),
        ("copied", "copy"),
        ("labelled", "label"),
        ("spilled", "spill"),
        ("running", "run"),
        ("constraint", "constraints"),
        ("merge", "merged"),
    ],
)
def test_regular_forms_reach_the_other_inflections(word: str, form: str) -> None:
    assert form in regular_forms(word)


@pytest.mark.parametrize("word", ["pdf", "os.path", "x86_64", "k8s"])
def test_short_or_compound_words_have_no_regular_forms(word: str) -> None:
    assert regular_forms(word) == frozenset()


def test_a_word_is_not_its_own_form() -> None:
    assert "queries" not in regular_forms("queries")


@pytest.mark.parametrize(
    ("name", "text"),
    [
        ("Luxembourg", 'if (strcmp(country, "LU") == 0)'),
        ("Luxembourg", "LUX  1700"),
        ("France", "FR: 2000"),
        ("California", "state=CAL"),
    ],
)
def test_a_name_written_as_its_code_is_abbreviated(name: str, text: str) -> None:
    assert abbreviated(name, text)


@pytest.mark.parametrize(
    ("name", "text"),
    [
        ("Luxembourg", "luxury LUXE lu %lu"),  # lower case, inside a word, in a format
        ("Luxembourg", "LU-2 X-LU"),  # part of a hyphenated name
        ("Kafka", "kafka KAFKA"),  # not a capitalised word's code: the word itself
        ("WebAuthn", "WE WEB"),  # not a plain capitalised word
        ("SAML", "SA SAM"),
    ],
)
def test_a_name_not_written_as_its_code_is_not(name: str, text: str) -> None:
    assert not abbreviated(name, text)
