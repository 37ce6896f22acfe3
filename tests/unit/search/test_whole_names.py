"""A row naming the asked thing whole comes before rows naming it inside a longer name."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from domain.search.best_lines import best_lines
from domain.search.matching import term_groups
from domain.search.query import parse_query
from domain.search.whole_names import _EDGES, _stands, whole_units

_IMPORTTIME = "\n".join(
    [
        "import time: self [us] | cumulative | imported package",
        "import time:       163 |        163 |         asyncio.mixins",
        "import time:       649 |        649 |         asyncio.tasks",
        "import time:       692 |       1503 |       asyncio.locks",
        "import time:       546 |       2049 |     asyncio.staggered",
        "import time:       228 |        228 |     asyncio.trsock",
        "import time:      1200 |      26627 |   asyncio.base_events",
        "import time:       485 |        485 |   asyncio.runners",
        "import time:       943 |       2178 |   asyncio.unix_events",
        "import time:       499 |      32067 | asyncio",
        "import time:       100 |        100 | json",
    ]
)


def _count(line: str, query: str) -> int:
    groups = term_groups(parse_query(query))
    present = groups.present(line)
    return whole_units(line.lower(), groups.matchers, present)


def test_a_name_standing_alone_is_whole() -> None:
    assert _count("import time:       499 |      32067 | asyncio", "asyncio") == 1
    assert _count("ii  openssl   3.0.19-1~deb12u2   amd64", "openssl") == 1
    assert _count("name: 'openssl',", "openssl") == 1  # quotes and commas around a field


def test_a_name_inside_a_longer_one_is_not() -> None:
    assert _count("import time:       163 |        163 |   asyncio.mixins", "asyncio") == 0
    assert _count("ii  python3-openssl   23.0.0-1   all", "openssl") == 0
    assert _count("ii  libxmlsec1-openssl:amd64   1.2.37-2", "openssl") == 0


def test_an_inflected_word_is_whole() -> None:
    assert _count("the build imports asyncio", "import asyncio") == 2


def test_the_row_of_the_asked_module_is_picked_first() -> None:
    picks = best_lines(_IMPORTTIME, "how long does importing asyncio take", 1)
    assert picks.picks[0].text.endswith("| asyncio")


def test_ties_only_are_reordered() -> None:
    # a line holding more of the query's terms still wins over one naming a term whole
    text = "asyncio\nasyncio.tasks took long"
    assert best_lines(text, "asyncio long", 1).picks[0].text == "asyncio.tasks took long"


_DIS = "\n".join(
    [
        "5           2 LOAD_GLOBAL              0 (ZONE_TABLE)",
        "36 LOAD_FAST                0 (zone)",
        "6          54 LOAD_FAST                3 (base)",
        "56 POP_JUMP_FORWARD_IF_NOT_NONE    18 (to 94)",
        "104 POP_JUMP_FORWARD_IF_FALSE     6 (to 118)",
        "72 LOAD_FAST                0 (zone)",
    ]
)


def test_a_term_inside_an_identifier_keeps_its_place_among_other_units() -> None:
    # "jump" is only ever part of an opcode: those lines keep their places (the rarer term
    # first), while "(zone)" comes before "(ZONE_TABLE)" among the lines holding "zone"
    picks = best_lines(_DIS, "jump zone", 4, context=0).picks
    assert [pick.text for pick in picks] == [
        "56 POP_JUMP_FORWARD_IF_NOT_NONE    18 (to 94)",
        "104 POP_JUMP_FORWARD_IF_FALSE     6 (to 118)",
        "36 LOAD_FAST                0 (zone)",
        "72 LOAD_FAST                0 (zone)",
    ]


_PIECES = ["asyncio", "asyncio.tasks", "(zone)", "zones", "'zone',", "x(zone)", "zone)x", "é", "|"]


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from([*_PIECES, " ", "\t", "-"]), max_size=10).map("".join))
def test_a_word_stands_whole_as_the_word_by_word_reading_finds(line: str) -> None:
    for needle in ("asyncio", "zone"):
        expected = any(_names(word, (needle,)) for word in line.split())
        assert _stands(line, needle) == expected


def _names(word: str, needles: tuple[str, ...]) -> bool:
    """The plain reading: the word, its edge punctuation stripped, is a needle or one followed
    by letters only."""
    word = word.strip(_EDGES)
    return any(
        word.startswith(needle) and (len(word) == len(needle) or word[len(needle) :].isalpha())
        for needle in needles
    )
