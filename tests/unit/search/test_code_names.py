"""A variable's or function's name the store holds nowhere is read as its words; a product's or
a type's name, and a name the text writes, stay as typed (``domain.search.code_names``)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from application.use_cases.index_request import IndexRequest
from application.use_cases.search_knowledge import SearchKnowledge
from domain.search.code_names import code_name_parts, read_as_words
from domain.search.query import parse_query
from entrypoints.containers.applications import CliContainer
from entrypoints.containers.memory_adapters import MemoryAdapters
from entrypoints.containers.runtime import RuntimeOptions

JAVAC = """src/payroll/Payslip.java:18: error: incompatible types: possible lossy conversion from double to int
        return net * 100;
                   ^
src/payroll/Payslip.java:38: error: incompatible types: String cannot be converted to int
        int year = hiredOn.substring(0, 4);
                                    ^
2 errors
"""
CARGO = """    Checking basket v0.1.0 (/src/basket)
error[E0382]: borrow of moved value: `owner`
  --> src/lib.rs:14:32
error: could not compile `basket` (lib) due to 1 previous error
"""


@pytest.mark.parametrize(
    ("token", "parts"),
    [
        ("netCents", ("net", "cents")),
        ("longest_item", ("longest", "item")),
        ("parse_amount_without_fraction", ("parse", "amount", "without", "fraction")),
        ("formatEurosFast", ("format", "euros", "fast")),
        # A capital first names a type or a product; a short or numbered part, a code.
        ("WebAuthn", ()),
        ("PostgreSQL", ()),
        ("gRPC", ()),
        ("macOS", ()),
        ("x_axis", ()),
        ("utf_8", ()),
        ("HTTP_PROXY", ()),
        ("__init__", ()),
        ("longest", ()),
        ("net-cents", ()),
    ],
)
def test_only_a_variable_s_or_function_s_name_has_parts(token: str, parts: tuple[str, ...]) -> None:
    assert code_name_parts(token) == parts


def test_a_name_held_nowhere_becomes_its_words_in_its_place() -> None:
    parsed = parse_query("why does netCents not compile")
    read = read_as_words(parsed, lambda word: False)
    assert read.terms == ("net", "cents", "compile")
    assert read.raw == parsed.raw


def test_a_name_the_store_holds_stays_whole() -> None:
    parsed = parse_query("what does `hiredOn` hold")
    assert read_as_words(parsed, lambda word: word == "hiredon") is parsed


def test_a_word_a_name_repeats_is_searched_once() -> None:
    read = read_as_words(parse_query("net total of netCents"), lambda word: False)
    assert read.terms == ("net", "total", "cents")


@pytest.fixture
def search() -> Iterator[SearchKnowledge]:
    container = CliContainer(options=RuntimeOptions())
    container.adapters.override(MemoryAdapters(core=container.core))
    container.use_cases.index_content().execute(
        IndexRequest(content=JAVAC, label="javac src/payroll")
    )
    container.use_cases.index_content().execute(IndexRequest(content=CARGO, label="cargo check"))
    found = container.use_cases.search_knowledge()
    assert isinstance(found, SearchKnowledge)
    yield found


def test_a_question_naming_the_function_around_the_line_finds_the_line(
    search: SearchKnowledge,
) -> None:
    found = search.search("why does netCents not compile", limit=3)
    assert any("return net * 100" in result.content for result in found.results)


def test_a_name_the_text_writes_is_searched_whole(search: SearchKnowledge) -> None:
    found = search.search("hiredOn substring", limit=3)
    assert found.results
    assert "hiredOn.substring" in found.results[0].content


@pytest.mark.parametrize(
    "query",
    [
        "why does WebAuthn not compile",  # a product's name the text never writes
        "why does quantumFlux not compile",  # a function's name none of whose words it holds
    ],
)
def test_a_name_nothing_of_which_is_held_stays_silent(search: SearchKnowledge, query: str) -> None:
    assert not search.search(query, limit=3).results
