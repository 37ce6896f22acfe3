"""The agent's word for a file isort would reorder (ADR 0340), and the lookalikes that get
none."""

from __future__ import annotations

import pytest

from domain.search.tool_vocabulary import tool_vocabulary_facts

_CHECKED = (
    "$ isort --check-only --diff apiary\n"
    "ERROR: /home/ops/apiary/apiary/swarms.py Imports are incorrectly sorted and/or formatted.\n"
    "--- /home/ops/apiary/apiary/swarms.py:before\n"
)


def test_isort_s_error_line_is_a_file_with_unsorted_imports() -> None:
    assert tool_vocabulary_facts(_CHECKED) == "unsorted"


def test_an_output_that_says_unsorted_is_not_told_it_again() -> None:
    assert tool_vocabulary_facts(_CHECKED + "I001 unsorted-imports\n") == ""


@pytest.mark.parametrize(
    "text",
    [
        # Prose, ruff's own rule (which says un-sorted), a line not opening on isort's ERROR.
        "the imports are incorrectly sorted here\n",
        "I001 [*] Import block is un-sorted or un-formatted (a.py:1:1)\n",
        "  ERROR: a.py Imports are incorrectly sorted\n",
    ],
)
def test_lookalikes_get_none(text: str) -> None:
    assert tool_vocabulary_facts(text) == ""
