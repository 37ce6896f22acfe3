"""The agent's words for HTML Tidy's element tags and accessibility checks, and for a
``traceroute`` that reached its destination and the method its probes used (ADR 0398), and the
lookalikes that get none."""

from __future__ import annotations

import pytest

from domain.search.tool_vocabulary import tool_vocabulary_facts

_TIDY = (
    "line 16 column 35 - Warning: replacing unexpected b with </b>\n"
    "line 16 column 48 - Warning: inserting implicit <i>\n"
    'line 14 column 40 - Warning: <td> attribute "align" has invalid value "middle"\n'
    "line 10 column 1 - Access: [2.1.1.1]: ensure information not conveyed through color alone.\n"
)


def _said(text: str) -> list[str]:
    return tool_vocabulary_facts(text).split()


def test_tidy_s_tags_and_accessibility_checks_are_named() -> None:
    assert _said(_TIDY) == ["accessibility", "bold", "italic", "table", "cell"]


@pytest.mark.parametrize(
    ("line", "words"),
    [
        ("line 3 column 1 - Warning: missing </li>", {"list", "item"}),
        ("line 9 column 5 - Error: <h2> is probably intended as </h2>", {"heading"}),
        ('line 2 column 7 - Info: <img> lacks "alt" attribute', {"image"}),
    ],
)
def test_each_element_s_tag_is_named_in_any_message(line: str, words: set[str]) -> None:
    assert words <= set(_said(line + "\n"))


@pytest.mark.parametrize(
    "text",
    [
        # Tags outside tidy's messages, a tag that only opens with the letter, a report's
        # position without a level.
        "<b>bold</b> and <i>text</i> in a template\n",
        "line 4 column 2 - Warning: <body> lacks a <blink>\n",
        "line 4 column 2 - <b> here\n",
        "error at line 4 column 2 - see <td>\n",
    ],
)
def test_markup_lookalikes_name_no_element(text: str) -> None:
    assert not {"bold", "italic", "table", "accessibility"} & set(_said(text))


_TRACES = (
    "$ traceroute -n -I -q 1 10.40.3.10\n"
    "traceroute to 10.40.3.10 (10.40.3.10), 30 hops max, 60 byte packets\n"
    " 1  10.40.1.1  0.042 ms\n"
    " 2  10.40.2.2  0.013 ms\n"
    " 3  10.40.3.10  0.412 ms\n"
)


def test_a_trace_that_reached_its_destination_and_its_probes_are_named() -> None:
    assert _said(_TRACES) == ["reached", "destination", "icmp", "echo"]


def test_a_trace_by_name_reached_its_destination_too() -> None:
    text = (
        "traceroute to db.example (192.0.2.7), 30 hops max, 60 byte packets\n"
        " 1  gw (192.0.2.1)  0.3 ms  0.2 ms  0.2 ms\n"
        " 2  db.example (192.0.2.7)  0.5 ms  0.4 ms  0.4 ms\n"
    )
    assert "reached" in _said(text)


@pytest.mark.parametrize(
    "text",
    [
        # Stopped answering; a hop whose address only starts like the destination's.
        "traceroute to 10.40.8.20 (10.40.8.20), 5 hops max, 60 byte packets\n"
        " 1  10.40.1.1  0.020 ms\n 2  *\n 3  *\n",
        "traceroute to 10.40.3.1 (10.40.3.1), 30 hops max, 60 byte packets\n"
        " 1  10.40.3.10  0.020 ms\n",
    ],
)
def test_a_trace_that_never_reached_its_destination_is_not_named(text: str) -> None:
    assert "reached" not in _said(text)


_HEADER = "traceroute to 10.40.3.10 (10.40.3.10), 30 hops max, 60 byte packets\n"


def test_tcp_probes_are_named_and_other_options_name_none() -> None:
    assert "tcp" in _said("$ traceroute -n -T -p 5432 10.40.3.10\n" + _HEADER)
    assert not {"tcp", "icmp"} & set(_said("$ traceroute -n -q 1 -w 1 -m 6 10.40.3.10\n" + _HEADER))
    assert not {"tcp", "icmp"} & set(_said("$ mytraceroute -I x\n$ ping -I eth0 host\n" + _HEADER))


def test_an_option_is_named_only_beside_a_trace_s_header() -> None:
    assert not {"tcp", "icmp"} & set(_said("$ traceroute -I -T 10.40.3.10\n"))
