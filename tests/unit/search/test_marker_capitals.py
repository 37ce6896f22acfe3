"""Whether a text's capitals are all redaction markers'."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from domain.redaction import PRIVATE_MARKER, SECRET_MARKER
from domain.search.marker_capitals import MARKERS, capitals_only_in_markers


def test_the_markers_are_redaction_s() -> None:
    assert set(MARKERS) == {SECRET_MARKER, PRIVATE_MARKER}


def _by_the_letter(text: str) -> bool:
    """The rule spelt out: the text holds a marker, and every character ``lower`` changes
    is inside one of the markers' occurrences."""
    inside = [False] * len(text)
    for marker in MARKERS:
        at = text.find(marker)
        while at >= 0:
            inside[at : at + len(marker)] = [True] * len(marker)
            at = text.find(marker, at + 1)
    if not any(inside):
        return False
    return all(inside[i] or char.lower() == char for i, char in enumerate(text))


_PIECES = [*MARKERS, "[REDACTED", "REDACTED]", "[", "]", "_", "SECRET", "x", " ", "\n", "Σ"]
_PIECES += ["σ", "ς", "İ", "ı", "ſ", "K", "ß", "ǅ", "É", "é", "A", "a", "[REDACTED_SECRET"]


@settings(max_examples=3000)
@given(st.lists(st.sampled_from(_PIECES), max_size=14).map("".join) | st.text(max_size=30))
def test_capitals_only_in_markers_is_the_rule_by_the_letter(text: str) -> None:
    assert capitals_only_in_markers(text) == _by_the_letter(text)


def test_examples() -> None:
    assert capitals_only_in_markers("token=[REDACTED_SECRET] retry")
    assert capitals_only_in_markers("a [REDACTED] b [REDACTED_SECRET]")
    assert not capitals_only_in_markers("retry")
    assert not capitals_only_in_markers("ERROR [REDACTED_SECRET]")
    assert not capitals_only_in_markers("[REDACTED_SECRET] É")
