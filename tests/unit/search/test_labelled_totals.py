"""A count written after a label that names a count answers "how many"."""

from __future__ import annotations

from domain.search.answer_kinds import AnswerKind, answers
from domain.search.labelled_totals import counted_part, is_labelled_total
from domain.search.matching import term_groups
from domain.search.query import parse_query


def test_a_key_or_label_naming_a_count_before_a_number_is_a_total() -> None:
    assert is_labelled_total('  "install_count": 3,')
    assert is_labelled_total("npm notice total files: 9")
    assert is_labelled_total("Total: 12")
    assert is_labelled_total("retry_count=5")
    assert is_labelled_total("Number of entries: 1,024")


def test_a_label_that_only_holds_the_letters_of_a_count_word_is_not() -> None:
    assert not is_labelled_total("account: 42")
    assert not is_labelled_total("discount=5")
    assert not is_labelled_total("subtotals_view: 3")


def test_a_version_a_date_or_a_measure_after_the_label_is_no_count() -> None:
    assert not is_labelled_total('"pip_version": "23.2.1"')
    assert not is_labelled_total("Total: 1.2.4")
    assert not is_labelled_total("total time: 16s")
    assert not is_labelled_total("count: 2026-11-28")
    # ls's block total has no label sign
    assert not is_labelled_total("total 48")


def test_a_labelled_total_answers_how_many_when_it_holds_a_word_of_the_question() -> None:
    packages = term_groups(parse_query("how many packages are in the install report"))
    assert answers(AnswerKind.COUNT, '  "install_count": 3,', packages)
    assert not answers(AnswerKind.COUNT, '  "retry_count": 3,', packages)
    files = term_groups(parse_query("how many files go into the package"))
    assert answers(AnswerKind.COUNT, "npm notice total files: 9", files)


def test_the_count_word_of_the_label_is_not_what_it_counts() -> None:
    profile = term_groups(parse_query("total function calls and run time of the profile"))
    assert not answers(
        AnswerKind.COUNT, "fuzz: elapsed: 0s, new interesting: 0 (total: 2)", profile
    )
    assert answers(AnswerKind.COUNT, "total function calls: 280657", profile)


def test_a_line_of_only_a_label_and_a_number_counts_its_label() -> None:
    litres = term_groups(parse_query("how many litres did the valves program meter"))
    assert answers(AnswerKind.COUNT, "litres metered: 4000", litres)
    assert answers(
        AnswerKind.COUNT, "Page faults: 63,489", term_groups(parse_query("how many page faults"))
    )
    # the label must hold a word of the question
    assert not answers(AnswerKind.COUNT, "doors opened: 3", litres)


def test_a_label_line_with_more_than_its_number_or_a_long_label_is_not_one() -> None:
    assert counted_part("litres metered: 4000") == "litres metered"
    assert counted_part("litres metered: 4000 in 3s") is None
    assert counted_part("litres metered: 1.5") is None
    assert counted_part("started: 12:30") is None
    assert counted_part("one two three four five: 3") is None
