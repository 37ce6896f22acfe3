"""The agent's words for a line of pipdeptree's tree (ADR 0343), and the lookalikes that get
none."""

from __future__ import annotations

import pytest

from domain.search.tool_vocabulary import tool_vocabulary_facts

_TREE = (
    "$ pipdeptree -p pylint\n"
    "pylint==4.1.5\n"
    "├── isort [required: >=5,!=5.13,<10, installed: 9.0.2]\n"
    "│   └── mypy_extensions [required: >=1.1.0, installed: 1.2.0]\n"
)
_REVERSED = "platformdirs==4.14.9\n└── pylint==4.1.5 [requires: platformdirs>=2.2]\n"
_OLDER = "flask==2.0.1\n  - click [required: >=7.1.2, installed: 8.0.1]\n"


@pytest.mark.parametrize("text", [_TREE, _REVERSED, _OLDER])
def test_a_line_of_the_tree_is_what_its_parent_pulls_in(text: str) -> None:
    assert tool_vocabulary_facts(text) == "pulls depends"


def test_an_output_that_says_depends_is_not_told_it_again() -> None:
    assert tool_vocabulary_facts(_TREE + "pylint depends on isort\n") == "pulls"


@pytest.mark.parametrize(
    "text",
    [
        # Prose, a pip requirement, a list item without the bracket pipdeptree writes.
        "the version required: >=1.1.0, installed: 1.2.0\n",
        "Requirement already satisfied: dill>=0.3.6 in ./venv (from pylint) (0.4.1)\n",
        "├── isort 9.0.2\n",
    ],
)
def test_lookalikes_get_none(text: str) -> None:
    assert tool_vocabulary_facts(text) == ""
