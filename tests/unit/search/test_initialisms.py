"""A run of a query's words whose initials the text holds names those initials."""

from __future__ import annotations

from domain.search.initialisms import abbreviated, initialism_units, spelt_out

HELD = {"dlq", "sla", "k8s"}


def _spelt(terms: tuple[str, ...], unknown: set[str]) -> dict[str, str]:
    return spelt_out(terms, unknown.__contains__, HELD.__contains__)


def test_a_run_with_an_unknown_word_maps_to_the_held_initials() -> None:
    terms = ("retention", "dead", "letter", "queue")
    assert _spelt(terms, {"dead", "letter"}) == {"dead": "dlq", "letter": "dlq", "queue": "dlq"}


def test_a_run_of_known_words_is_left_alone() -> None:
    assert _spelt(("dead", "letter", "queue"), set()) == {}


def test_two_initials_are_no_abbreviation() -> None:
    assert spelt_out(("pull", "request"), {"pull"}.__contains__, {"pr"}.__contains__) == {}


def test_initials_not_held_or_already_asked_are_no_abbreviation() -> None:
    assert _spelt(("dead", "letter", "topic"), {"dead"}) == {}
    assert _spelt(("dlq", "dead", "letter", "queue"), {"dead"}) == {}


def test_only_words_of_letters_spell_initials() -> None:
    assert _spelt(("service", "level", "agreement"), {"agreement"}) == {
        "service": "sla",
        "level": "sla",
        "agreement": "sla",
    }
    assert _spelt(("s3", "level", "agreement"), {"agreement"}) == {}


def test_the_units_judged_as_initials_are_marked() -> None:
    typed = ("retention", "dead", "letter", "queue")
    assert initialism_units(typed, ("retention", "dlq", "dlq", "dlq")) == (
        False,
        True,
        True,
        True,
    )
    # The same word corrected twice is no run of initials.
    assert initialism_units(("deploy", "deplyo"), ("deploy", "deploy")) == (False, False)
    assert initialism_units(typed, typed) == (False,) * 4


def test_an_abbreviation_is_written_as_part_of_a_joined_name() -> None:
    assert abbreviated('name = "invoices-dlq"', "dlq")
    assert abbreviated("aws_sqs_queue.invoices_dlq will be updated", "dlq")
    assert abbreviated("dlq.invoices", "dlq")
    assert not abbreviated("ARG BASE_IMAGE=python:3.12", "arg")  # a keyword in capitals
    assert not abbreviated("every row of the table", "row")
    assert not abbreviated("the dlq is empty", "dlq")
    assert not abbreviated("narrow_band", "row")  # inside a longer word
    assert not abbreviated("end of sentence row.", "row")
