"""The agent's words for what name listings write (ADR 0314): a PTR record is a reverse lookup;
and the lookalikes that get none."""

from __future__ import annotations

import pytest

from domain.chunking import chunk
from domain.content_type import ContentType
from domain.search.tool_vocabulary import tool_vocabulary_facts

_DIG = (
    "$ dig @127.0.0.1 +noall +answer -x 10.60.4.12\n"
    "12.4.60.10.in-addr.arpa. 300\tIN\tPTR\tkiosk-south.ferries.internal.\n"
)


@pytest.mark.parametrize(
    ("text", "words"),
    [
        (_DIG, "reverse lookup"),
        ("1.0.0.0.0.0.0.0.ip6.arpa. IN PTR gw.example.\n", "reverse lookup"),
    ],
)
def test_a_listing_s_own_words_get_the_agent_s(text: str, words: str) -> None:
    assert tool_vocabulary_facts(text) == words


@pytest.mark.parametrize(
    "text",
    [
        # A forward answer, a PTR named in prose.
        "tickets.example. 300 IN A 10.60.1.20\n",
        "the PTR record for .arpa zones is missing",
    ],
)
def test_lookalikes_get_none(text: str) -> None:
    assert tool_vocabulary_facts(text) == ""


def test_a_word_the_output_says_is_not_repeated() -> None:
    said = _DIG + "; reverse zone served locally\n"
    assert tool_vocabulary_facts(said) == "lookup"


def test_a_dig_section_carries_the_words() -> None:
    (section,) = chunk(_DIG, ContentType.PLAINTEXT)
    assert section.facts is not None
    assert {"reverse", "lookup"} <= set(section.facts.split())
