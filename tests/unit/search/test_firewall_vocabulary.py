"""The agent's words for a packet filter's rules (ADR 0339): port 22 is ssh, a matched network
shorter than a host is a subnet, an accepting rule says what is allowed to reach; and the
lookalikes that get none."""

from __future__ import annotations

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from domain.search.firewall_vocabulary import _ACCEPTING_RULE, _accepts
from domain.search.tool_vocabulary import tool_vocabulary_facts

_SAVED = (
    "*filter\n"
    ":INPUT DROP [0:0]\n"
    "-A INPUT -s 10.42.0.0/16 -p tcp -m tcp --dport 22 -j ACCEPT\n"
    "COMMIT\n"
)
_LISTED = (
    "Chain INPUT (policy DROP 0 packets, 0 bytes)\n"
    "num   pkts bytes target     prot opt in     out     source               destination\n"
    "3        0     0 ACCEPT     6    --  *      *       10.42.0.0/16         0.0.0.0/0"
    "            tcp dpt:22\n"
)


def test_iptables_save_s_rule_names_ssh_its_subnet_and_what_it_allows() -> None:
    assert tool_vocabulary_facts(_SAVED) == "ssh subnet allow reach"


def test_iptables_l_s_row_names_ssh_and_what_it_allows() -> None:
    assert tool_vocabulary_facts(_LISTED) == "ssh allow reach"


def test_an_nft_rule_names_ssh_and_what_it_allows_but_not_its_subnet() -> None:
    rule = "    ip saddr 192.168.1.0/24 tcp dport 22 accept\n"
    assert tool_vocabulary_facts(rule) == "ssh allow reach"


def test_a_negated_destination_network_is_a_subnet() -> None:
    assert tool_vocabulary_facts("-I FORWARD -d ! 10.0.0.0/8 -j DROP\n") == "subnet"


def test_words_the_rules_already_say_are_not_told_again() -> None:
    assert tool_vocabulary_facts(_SAVED + "# allow ssh from the office subnet\n") == "reach"


@pytest.mark.parametrize(
    "text",
    [
        # Port 220, a range from 22, a host's /32, a policy line, a chain's counters, prose.
        "-A INPUT -p tcp --dport 220 -j DROP\n",
        "-A INPUT -p tcp --dport 22:25 -j DROP\n",
        "tcp dpt:2222\n",
        "-A OUTPUT -d 127.0.0.1/32 -p tcp --dport 80 -j REDIRECT --to-ports 8443\n",
        ":INPUT ACCEPT [0:0]\n-P OUTPUT ACCEPT\n",
        "Chain FORWARD (policy ACCEPT 0 packets, 0 bytes)\n",
        "we accept the terms, see -s 10.0.0.0/8 in the docs\n",
    ],
)
def test_lookalikes_get_none(text: str) -> None:
    assert tool_vocabulary_facts(text) == ""


_PIECES = st.sampled_from(
    [
        "-A INPUT ",
        "-j ACCEPT",
        " ACCEPT ",
        "ACCEPT",
        "accept",
        "\n",
        " ",
        "dport ",
        "sport ",
        "saddr ",
        "daddr ",
        "22",
        "1 ",
        "12K ",
        "tcp ",
        "x",
        "\t",
        "-I FWD ",
        "Accept",
    ]
)


@given(st.lists(_PIECES, max_size=14).map("".join))
@example("tcp dport 22 accept")
@example("\t\tip saddr 10.0.0.0/8 accept\n")
@example("1    12K 12K ACCEPT     tcp")
@example("-A INPUT -p tcp -j ACCEPT")
def test_the_accept_gate_asks_the_pattern_whenever_it_could_match(text: str) -> None:
    # The gate only spares the pattern texts it cannot match (ADR 0339).
    assert _accepts(text) == (_ACCEPTING_RULE.search(text) is not None)
