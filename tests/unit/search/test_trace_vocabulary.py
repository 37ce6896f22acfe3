"""The agent's words for the never-run lines of a ``python -m trace`` listing (ADR 0268), and
the lookalikes that get none."""

from __future__ import annotations

import pytest

from domain.chunking import chunk
from domain.content_type import ContentType
from domain.search.tool_vocabulary import tool_vocabulary_facts

_COVER = (
    "    1: def day_total(trips):\n"
    "    1:     if total > 1000:\n"
    ">>>>>>         total = 1000\n"
    "    1:     return total\n"
)
_WORDS = "executed reached applied uncovered"


def test_a_never_run_line_gets_the_agent_s_words() -> None:
    assert tool_vocabulary_facts(_COVER) == _WORDS


def test_a_word_the_listing_says_is_not_repeated() -> None:
    said = _COVER + ">>>>>>     log.info('discount applied')\n"
    assert tool_vocabulary_facts(said) == "executed reached uncovered"


@pytest.mark.parametrize(
    "text",
    [
        # Lines that all ran; a quoted e-mail's marker (six, glued to the text), a marker inside a
        # comment: none is a never-run line of a listing.
        "    1: def day_total(trips):\n    5:     return total\n",
        ">>>>>>quoted reply\n",
        "# >>>>>> total = 1000\n",
        ">>>>>> \n",
    ],
)
def test_lookalikes_get_none(text: str) -> None:
    assert tool_vocabulary_facts(text) == ""


def test_a_merge_conflict_s_markers_are_no_never_run_line() -> None:
    # Seven marks are a merge conflict's (ADR 0384), never python -m trace's six.
    conflict = "<<<<<<< HEAD\nfare = 210\n=======\nfare = 220\n>>>>>>> feature/fares\n"
    assert tool_vocabulary_facts(conflict) == "conflict markers"


def test_a_cover_listing_s_section_carries_the_words() -> None:
    (section,) = chunk(_COVER, ContentType.PLAINTEXT)
    assert section.facts is not None
    assert set(_WORDS.split()) <= set(section.facts.split())
