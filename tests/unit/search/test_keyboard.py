"""The words one slip of a typist turns into a typed word."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from domain.search.keyboard import is_slip, letter_put_back, unslipped


def test_every_kind_of_slip_is_undone() -> None:
    assert "ruff" in unslipped("ruuff")  # doubled
    assert "checker" in unslipped("cecker")  # dropped
    assert "warnings" in unslipped("wranings")  # swapped
    assert "value" in unslipped("vslue")  # neighbouring key


def test_the_first_letter_is_never_changed() -> None:
    assert all(word[0] == "r" for word in unslipped("ruuff"))
    assert "ruff" not in unslipped("tuff")


@given(st.text(alphabet="abcdefghijklmnopqrstuvwxyz", min_size=2, max_size=10))
def test_each_candidate_is_one_slip_from_the_typed_word(typed: str) -> None:
    candidates = unslipped(typed)
    assert typed not in candidates
    assert len(candidates) == len(set(candidates))
    assert all(is_slip(typed, candidate) for candidate in candidates)


def test_a_dropped_letter_is_put_back_anywhere_after_the_first() -> None:
    back = letter_put_back("tet")
    assert {"test", "text", "teat", "tent"} <= set(back)
    assert "stet" not in back  # never before the first letter
    assert all(len(word) == 4 and word.startswith("t") for word in back)
    assert len(back) == len(set(back))
