"""The agent's words for a ``git submodule status`` row at another commit than recorded (ADR
0305), and the lookalikes that get none."""

from __future__ import annotations

import pytest

from domain.chunking import chunk
from domain.content_type import ContentType
from domain.search.tool_vocabulary import tool_vocabulary_facts

_STATUS = (
    "$ git submodule status\n"
    "+de05f1d11f1a016c0a6237a4c85ae84be5c9ecd0 vendor/chart-tiles (heads/main)\n"
    " 993c96a52dc671d81bb3bf3da6dba2a25c781145 vendor/tide-models (heads/main)\n"
)
_WORDS = "different recorded"


def test_a_submodule_at_another_commit_gets_the_agent_s_words() -> None:
    assert tool_vocabulary_facts(_STATUS) == _WORDS


def test_a_row_at_the_text_s_start_counts() -> None:
    assert tool_vocabulary_facts(_STATUS.split("\n", 1)[1]) == _WORDS


def test_a_word_the_output_says_is_not_repeated() -> None:
    said = _STATUS + "the recorded commit is older\n"
    assert tool_vocabulary_facts(said) == "different"


@pytest.mark.parametrize(
    "text",
    [
        # In step, not initialised, a diff's added line, a short commit, a trace: none is a row
        # at another commit.
        " 993c96a52dc671d81bb3bf3da6dba2a25c781145 vendor/tide-models (heads/main)\n",
        "-909641b295000b9065ab7153aa74e62615616ae8 vendor/chart-tiles\n",
        "+de05f1d vendor/chart-tiles\n",
        "+de05f1d11f1a016c0a6237a4c85ae84be5c9ecd0\n",
        "+de05f1d11f1a016c0a6237a4c85ae84be5c9ecd0x vendor\n",
    ],
)
def test_lookalikes_get_none(text: str) -> None:
    assert tool_vocabulary_facts(text) == ""


def test_a_status_section_carries_the_words() -> None:
    (section,) = chunk(_STATUS, ContentType.PLAINTEXT)
    assert section.facts is not None
    assert set(_WORDS.split()) <= set(section.facts.split())
