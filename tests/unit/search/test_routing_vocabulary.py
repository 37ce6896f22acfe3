"""The agent's word for ``ip rule``'s policy routing rules (ADR 0331), and the lookalikes that
get none."""

from __future__ import annotations

import pytest

from domain.search.tool_vocabulary import tool_vocabulary_facts

_RULES = (
    "$ ip rule show\n"
    "0:\tfrom all lookup local\n"
    "1000:\tfrom 10.20.0.0/24 lookup 100\n"
    "32766:\tfrom all lookup main\n"
    "32767:\tfrom all lookup default\n"
)


def test_ip_rule_s_lines_are_policy_rules() -> None:
    assert tool_vocabulary_facts(_RULES) == "policy"


def test_a_negated_selector_is_a_policy_rule_too() -> None:
    assert tool_vocabulary_facts("200:\tnot from all fwmark 0x1 lookup 7\n") == "policy"


def test_a_rule_list_that_says_policy_is_not_told_it_again() -> None:
    assert tool_vocabulary_facts(_RULES + "# routing policy of the app subnet\n") == ""


@pytest.mark.parametrize(
    "text",
    [
        # A mail header, a numbered line saying "from" with no rule's action, a list, a table,
        # a word starting with "from", a rule without ip rule's tab.
        "Date 10:\tfrom alice@example.org\n",
        "12:\tfrom the docs we learn\n",
        "1. from all the hosts\n",
        "count\tfrom\tto\n3\tfrom a\tto b\n",
        "10:\tfromage frais\n",
        "1000: from 10.20.0.0/24 lookup 100\n",
    ],
)
def test_lookalikes_get_none(text: str) -> None:
    assert tool_vocabulary_facts(text) == ""
