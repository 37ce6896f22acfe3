"""The agent's words for iperf3's ``Retr``, ``Cwnd`` and ``[SUM]``, nmap's reached ports, flex's
``lex.yy.c`` and gawk's uninitialized variable (ADR 0408), and the lookalikes that get none."""

from __future__ import annotations

import pytest

from domain.search.tool_vocabulary import tool_vocabulary_facts

_IPERF_PARALLEL = (
    "[ ID] Interval           Transfer     Bitrate         Retr  Cwnd\n"
    "[  5]   0.00-2.00   sec   759 MBytes  3.18 Gbits/sec    1   4.31 MBytes\n"
    "[  7]   0.00-2.00   sec   780 MBytes  3.27 Gbits/sec    6   4.25 MBytes\n"
    "[SUM]   0.00-2.00   sec  1.50 GBytes  6.45 Gbits/sec    7\n"
)

_NMAP = (
    "Nmap scan report for localhost (127.0.0.1)\n"
    "PORT      STATE  SERVICE      REASON\n"
    "22/tcp    closed ssh          conn-refused\n"
)


def _said(text: str) -> list[str]:
    return tool_vocabulary_facts(text).split()


def test_iperf3_s_columns_and_summed_streams_are_named() -> None:
    # After ``bandwidth``, the bit rate's word (ADR 0282).
    assert _said(_IPERF_PARALLEL) == [
        "bandwidth",
        "retransmissions",
        "retransmits",
        "congestion",
        "window",
        "parallel",
        "streams",
    ]


def test_an_iperf3_table_without_the_columns_or_a_sum_names_neither() -> None:
    text = (
        "[ ID] Interval           Transfer     Bitrate\n"
        "[  5]   0.00-1.00   sec   931 MBytes  7.80 Gbits/sec\n"
    )
    assert _said(text) == ["bandwidth"]


def test_a_port_nmap_reached_is_reachable() -> None:
    assert _said(_NMAP) == ["reachable"]


@pytest.mark.parametrize(
    "text",
    [
        # A filtered port was not reached; a port table without nmap's report; a word.
        "Nmap scan report for 10.0.0.9\nPORT     STATE    SERVICE\n8080/tcp filtered http-proxy\n",
        "PORT      STATE  SERVICE\n22/tcp    closed ssh\n",
        "Nmap scan report for host\nthe 22/tcp closed port\n",
    ],
)
def test_nmap_lookalikes_are_not_reachable(text: str) -> None:
    assert "reachable" not in _said(text)


def test_flex_s_output_file_is_the_generated_scanner() -> None:
    assert _said("$ flex plan.l && wc -l lex.yy.c\n1785 lex.yy.c\n") == ["generated", "scanner"]


def test_gawk_s_uninitialized_variable_and_a_division_by_zero_are_named() -> None:
    text = (
        "gawk: a.awk:18: warning: reference to uninitialized variable `southern'\n"
        "gawk: a.awk:18: fatal: division by zero attempted\n"
    )
    assert _said(text) == ["never", "assigned", "divisor"]


def test_words_the_text_says_are_left_out() -> None:
    assert _said("uninitialized variable, never read\n") == ["assigned"]
