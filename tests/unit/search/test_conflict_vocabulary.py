"""The agent's words for a merge's conflict markers and the diff3 style's common ancestor (ADR
0384), and the lookalikes that get none."""

from __future__ import annotations

import pytest

from domain.chunking import chunk
from domain.content_type import ContentType
from domain.search.tool_vocabulary import tool_vocabulary_facts

_MERGED = (
    "$ diff3 -m beacon-ours.conf beacon-base.conf beacon-theirs.conf\n"
    "range_nm = 16\n"
    "<<<<<<< beacon-ours.conf\n"
    "lamp = led-array-b\n"
    "||||||| beacon-base.conf\n"
    "lamp = led-array-a\n"
    "=======\n"
    "lamp = halogen-2\n"
    ">>>>>>> beacon-theirs.conf\n"
)


def test_a_diff3_style_conflict_gets_the_markers_and_the_ancestor() -> None:
    assert tool_vocabulary_facts(_MERGED) == "conflict markers common ancestor"


def test_git_s_two_sided_conflict_gets_the_markers_only() -> None:
    text = "<<<<<<< HEAD\nretries = 3\n=======\nretries = 5\n>>>>>>> feature/retry-policy\n"
    assert tool_vocabulary_facts(text) == "conflict markers"


@pytest.mark.parametrize(
    "text",
    [
        # One marker is enough: a conflict longer than a section is cut between its markers.
        "lamp = led-array-b\n<<<<<<< ours\n",
        ">>>>>>> theirs\nexit status 1\n",
        "<<<<<<<\n",
    ],
)
def test_one_marker_of_a_conflict_cut_apart_is_enough(text: str) -> None:
    assert tool_vocabulary_facts(text) == "conflict markers"


def test_git_s_older_ancestor_marker_says_the_words_itself() -> None:
    # git wrote ``||||||| merged common ancestors``: the words it says are not repeated.
    text = "<<<<<<< HEAD\na\n||||||| merged common ancestors\nb\n=======\nc\n>>>>>>> topic\n"
    assert tool_vocabulary_facts(text) == "conflict markers"


@pytest.mark.parametrize(
    "text",
    [
        # Six marks (python -m trace's never-run line), eight, one inside a line, a quoted
        # reply, a markdown rule: none is a conflict's marker.
        ">>>>>> def main():\n",
        "<<<<<<<< HEAD\n",
        "x <<<<<<< HEAD\n",
        "  >>>>>>> theirs\n",
        "Title\n=======\n",
        "a ||||||| b\n",
    ],
)
def test_lookalikes_get_none(text: str) -> None:
    said = tool_vocabulary_facts(text).split()
    assert "conflict" not in said
    assert "ancestor" not in said


def test_a_merged_file_s_section_carries_the_words() -> None:
    (section,) = chunk(_MERGED, ContentType.PLAINTEXT)
    assert "conflict markers common ancestor" in section.facts
