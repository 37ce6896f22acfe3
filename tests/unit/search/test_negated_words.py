"""A question word found only as the tail of its negation is not held."""

from __future__ import annotations

import pytest

from domain.search.negated_words import held_unnegated


@pytest.mark.parametrize(
    ("unit", "text"),
    [("used", "warning: unused variable"), ("zero", "exit status nonzero"), ("set", "unset home")],
)
def test_only_the_negation_holds_nothing(unit: str, text: str) -> None:
    assert not held_unnegated(unit, text)


@pytest.mark.parametrize(
    ("unit", "text"),
    [
        ("used", "unused here, used there"),
        ("used", "caused by"),  # not a negating prefix
        ("used", "reused buffer"),
        ("zero", "rerun: zero failures"),
        ("set", "reunset"),  # the prefix does not start the word
        ("unused", "warning: unused variable"),  # the question says the negated form
    ],
)
def test_any_other_occurrence_holds_it(unit: str, text: str) -> None:
    assert held_unnegated(unit, text)
