"""The agent's words for ld's symbol defined twice and a compiler driver's link command (ADR
0306), a link step that failed (ADR 0389), and the lookalikes that get none."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from domain.chunking import chunk
from domain.content_type import ContentType
from domain.search.build_vocabulary import _LINK_LINE, _links
from domain.search.tool_vocabulary import tool_vocabulary_facts

_DEFINED_TWICE = (
    "/usr/bin/ld: libcore.a(trim.c.o):/src/trim.c:6: multiple definition of `tank_count'; "
    "CMakeFiles/ctl.dir/src/report.c.o:/src/report.c:3: first defined here\n"
)
_LINK = (
    "[1/1] : && /usr/bin/cc -O2 -g -DNDEBUG  CMakeFiles/ctl.dir/src/main.c.o -o ctl "
    " libcore.a && :\n"
)


def test_a_symbol_defined_again_is_a_duplicate_symbol_defined_twice() -> None:
    # ``defined`` is said: only the words the line lacks.
    assert tool_vocabulary_facts(_DEFINED_TWICE) == "symbol twice duplicate"


def test_typographic_quotes_count() -> None:
    assert tool_vocabulary_facts("a.o: multiple definition of ‘count’\n") == (
        "symbol twice duplicate"
    )


@pytest.mark.parametrize(
    "text",
    [
        _LINK,
        "gcc -o app main.o util.o -lm\n",
        "$ clang++ -O2 build/a.o build/b.o -o bin/tool\n",
    ],
)
def test_a_driver_linking_objects_is_a_link_command(text: str) -> None:
    assert tool_vocabulary_facts(text) == "link command"


@pytest.mark.parametrize(
    "text",
    [
        # A compile (``-c``), a driver without ``-o``, a driver's name inside another word, a
        # link of no object, prose about definitions: none is what the entries speak of.
        "/usr/bin/cc -O2 -MD -MT a.c.o -MF a.c.o.d -o a.c.o -c /src/a.c\n",
        "gcc main.o util.o\n",
        "ccache -s -o max_size=5G x.o\n",
        "gcc -O2 -o hello hello.c\n",
        "the multiple definitions of done are listed below\n",
    ],
)
def test_lookalikes_get_none(text: str) -> None:
    assert tool_vocabulary_facts(text) == ""


@pytest.mark.parametrize(
    "text",
    [
        "main.c:(.text.startup+0x9b): undefined reference to `csv_free_columns'\n",
        "trim.c:4: undefined reference to ‘pump_rate’\n",
        "a.c:(.text+0x1b): undefined reference to 'pump_rate'\ncollect2: error: ld returned 1\n",
    ],
)
def test_a_link_that_failed_is_the_link_step(text: str) -> None:
    assert tool_vocabulary_facts(text) == "link linker"


@pytest.mark.parametrize(
    "text",
    [
        # JavaScript's and prose's undefined references, a process that returned a status.
        "TypeError: undefined reference to a property\n",
        "the child returned 1 exit status\n",
        'undefined reference to "x"\n',
    ],
)
def test_link_failure_lookalikes_get_none(text: str) -> None:
    assert tool_vocabulary_facts(text) == ""


def test_a_link_failure_section_carries_the_words() -> None:
    (section,) = chunk(_LINK + _DEFINED_TWICE, ContentType.PLAINTEXT)
    assert section.facts is not None
    assert {"link", "command", "symbol", "twice", "duplicate"} <= set(section.facts.split())


_PIECES = st.sampled_from(
    [
        *_LINK.splitlines(),
        "gcc -o app main.o",
        "/usr/bin/cc -O2 -o a.c.o -c a.c",
        "clang++ x.o -o y",
        " -o ",
        " -c ",
        "\n",
        " ",
        "cc",
        "g++",
        "/",
        "x.o",
        "lib.a",
        "-o",
    ]
)


@settings(max_examples=2000)
@given(st.lists(_PIECES, max_size=12).map("".join) | st.text(max_size=40))
def test_asking_the_lines_holding_dash_o_is_asking_the_whole_text(text: str) -> None:
    assert _links(text) == (_LINK_LINE.search(text) is not None)
