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


# ADR 0416: ethtool's offload features, luacheck's global writes and syntax errors, sqlfluff,
# gfortran's runtime error line, qemu-img's shrink refusal.


def test_ethtool_s_offload_features_are_named_by_their_short_names() -> None:
    text = (
        "Features for bottling0:\n"
        "tcp-segmentation-offload: off\n"
        "generic-segmentation-offload: on\n"
        "generic-receive-offload: on\n"
        "large-receive-offload: off [fixed]\n"
    )
    assert _said(text) == ["gro", "tso", "gso", "lro", "enabled"]


def test_ethtool_features_all_off_are_not_enabled() -> None:
    assert _said("generic-receive-offload: off\n") == ["gro"]


def test_a_global_luacheck_saw_set_is_a_global_written() -> None:
    text = "    taplist.lua:28:3: (W111) setting non-standard global variable 'kegs_left'\n"
    # ``global`` is the text's own word already.
    assert _said(text) == ["written", "assigned"]


@pytest.mark.parametrize(
    "text",
    [
        "    prices.lua:6:17: expected identifier near 'for'\n",
        "    prices.lua:6:17: (E011) expected identifier near 'for'\n",
        "lua: init.lua:3: unexpected symbol near '='\n",
    ],
)
def test_lua_s_parser_refusing_a_file_is_a_syntax_error(text: str) -> None:
    assert _said(text) == ["syntax", "error"]


@pytest.mark.parametrize(
    "text",
    [
        # Not a Lua file's position; prose.
        "main.c:3:1: expected ';' near 'int'\n",
        "the cabin near 'the lake'\n",
    ],
)
def test_near_without_a_lua_position_is_no_syntax_error(text: str) -> None:
    assert "syntax" not in _said(text)


def test_sqlfluff_run_as_a_command_is_the_sql_linter() -> None:
    assert _said("$ sqlfluff version\n4.5.0\n") == ["sql", "linter"]


def test_gfortran_s_runtime_error_names_a_source_line() -> None:
    text = (
        "At line 7 of file boil.f90\n"
        "Fortran runtime error: Index '11' of dimension 1 of array 'hops' above upper bound of 10\n"
    )
    assert "source" in _said(text)
    assert "source" not in _said("At line 7 the boil started\n")


def test_qemu_img_s_shrink_refusal_is_about_a_smaller_size() -> None:
    text = "qemu-img: Use the --shrink option to perform a shrink operation.\n"
    assert _said(text) == ["smaller"]
