"""A tc u32 filter's port match, printed in hexadecimal, is indexed with the port in decimal."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from domain.chunking.dispatch import chunk
from domain.content_type import ContentType
from domain.search import filter_ports
from domain.search.filter_ports import filter_port_facts

_FILTERS = "\n".join(
    [
        "$ tc filter show dev uplink0",
        "filter parent 1: protocol ip pref 1 u32 chain 0 fh 800::800 order 2048 key ht 800 bkt 0"
        " *flowid 1:10 not_in_hw ",
        "  match 000001bb/0000ffff at 20",
        "filter parent 1: protocol ip pref 2 u32 chain 0 fh 801::800 order 2048 key ht 801 bkt 0"
        " *flowid 1:20 not_in_hw ",
        "  match 00001538/0000ffff at 20",
    ]
)


def test_a_destination_port_match_gives_the_port_in_decimal() -> None:
    assert filter_port_facts(_FILTERS) == "port 443 5432"


def test_a_source_port_match_is_the_word_s_high_half() -> None:
    assert filter_port_facts("  match 01bb0000/ffff0000 at 20") == "port 443"


def test_other_matches_give_nothing() -> None:
    assert filter_port_facts("  match 0a000001/ffffffff at 12") == ""  # an address
    assert filter_port_facts("  match 000001bb/0000ffff at 16") == ""  # not the ports' word
    assert filter_port_facts("  match 00ff01bb/0000ffff at 20") == ""  # bits outside the mask
    assert filter_port_facts("the match 000001bb/0000ffff at 2000") == ""
    assert filter_port_facts("no filters at 20 here") == ""


def test_a_filter_section_is_indexed_with_its_port() -> None:
    (section,) = chunk(_FILTERS, ContentType.PLAINTEXT)
    assert {"port", "443", "5432"} <= set(section.facts.split())


@given(st.integers(1, 65535), st.booleans())
def test_any_port_tc_prints_is_read_back(port: int, source: bool) -> None:
    word, mask = (port << 16, "ffff0000") if source else (port, "0000ffff")
    assert filter_port_facts(f"  match {word:08x}/{mask} at 20") == f"port {port}"


def _every_match(text: str) -> str:
    """``filter_port_facts`` without its substring gate: the pattern over the whole text."""
    ports: list[str] = []
    for found in filter_ports._PORT_SELECTOR.finditer(text):
        word = int(found.group(1), 16)
        port = word & 0xFFFF if found.group(2) == "0000ffff" else word >> 16
        if word & ~int(found.group(2), 16) & 0xFFFFFFFF:
            continue
        if str(port) not in ports:
            ports.append(str(port))
    return f"port {' '.join(ports)}" if ports else ""


_PIECES = [
    " at 20",
    " at 2026-12-07",
    "match ",
    "000001bb",
    "01bb0000",
    "/0000ffff",
    "/ffff0000",
    "/0000fff",
    "\n",
    "  ",
    "x",
    "0",
]


@given(st.lists(st.sampled_from(_PIECES), max_size=14).map("".join))
def test_the_gate_skips_only_texts_the_pattern_finds_nothing_in(text: str) -> None:
    assert filter_port_facts(text) == _every_match(text)
