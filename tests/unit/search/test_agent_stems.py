"""A word ending ``-er`` may name the doer of its stem, not slip into another of its forms."""

from __future__ import annotations

from domain.search.inflections import agent_stems


def test_a_doer_and_another_form_of_its_stem_share_the_stem() -> None:
    assert agent_stems("checker", "checked") == ("check", "checke")
    assert agent_stems("user", "used") == ("use",)
    assert agent_stems("workers", "worked") == ("work", "worke")


def test_a_slip_that_is_no_doer_has_no_stem() -> None:
    assert agent_stems("testd", "tests") == ()
    assert agent_stems("sever", "seven") == ()
    assert agent_stems("checker", "chequer") == ()
