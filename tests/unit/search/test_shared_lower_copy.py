"""A section's facts read one lower-case copy of it, made once (ADR 0276): each part given the
copy says what it says when it makes its own."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from domain.search.line_facts import may_hold_a_field_sign, text_facts
from domain.search.outcome_words import outcome_facts
from domain.search.status_phrases import status_phrase_facts

_PIECES = st.sampled_from(
    [
        "ERROR",
        "panic: boom",
        "Traceback (most recent call last)",
        "exit code 1",
        "E   AssertionError",
        "timed out",
        "SyntaxError",
        "status=503",
        "Status: 404",
        "CODE=500",
        '"GET /a HTTP/1.1" 500 ',
        "rt=1.5",
        "1500 ms",
        "HTTP/1.1 202 Accepted",
        "[REDACTED_SECRET]",
        "\u0130",
        "\u212a",
        "ß",
        "\n",
        " ",
    ]
)
_TEXT = st.one_of(
    st.lists(st.one_of(_PIECES, st.text(max_size=6)), max_size=12).map("".join), st.text()
)


@given(_TEXT)
@settings(max_examples=1500, deadline=None)
def test_each_part_given_the_copy_says_the_same(text: str) -> None:
    lowered = text.lower()
    assert outcome_facts(text, lowered) == outcome_facts(text)
    assert text_facts(text, lowered) == text_facts(text)
    assert may_hold_a_field_sign(text, lowered) == may_hold_a_field_sign(text)
    assert status_phrase_facts(text, lowered) == status_phrase_facts(text)
