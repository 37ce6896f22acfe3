"""The agent's words for an OpenSSH certificate's ``source-address`` option (ADR 0307), and the
lookalikes that get none."""

from __future__ import annotations

import pytest

from domain.search.tool_vocabulary import tool_vocabulary_facts


@pytest.mark.parametrize(
    "text",
    [
        # ``ssh-keygen -L``'s listing and the option as signing sets it, IPv4 and IPv6.
        "        Critical Options: \n                source-address 10.40.0.0/16\n",
        "$ ssh-keygen -s user_ca -I deploy-bot -O source-address=10.40.0.0/16 deploy.pub\n",
        "                source-address 2001:db8::/32,10.0.0.1\n",
    ],
)
def test_a_source_address_is_where_a_key_may_connect_from(text: str) -> None:
    assert tool_vocabulary_facts(text) == "connect"


def test_a_word_the_output_says_is_not_repeated() -> None:
    said = "source-address=10.0.0.0/8 # connections from the office only\n"
    assert tool_vocabulary_facts(said) == ""


@pytest.mark.parametrize(
    "text",
    [
        # An option without an address, a longer name, prose.
        "source-address-list is empty\n",
        "unknown-source-address=x\n",
        "the source-address option restricts logins\n",
    ],
)
def test_lookalikes_get_none(text: str) -> None:
    assert tool_vocabulary_facts(text) == ""
