"""A question naming a tool by its name alone picks that tool's output (ADR 0357)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from application.use_cases.index_request import IndexRequest
from application.use_cases.search_knowledge import SearchKnowledge
from domain.search.matching import term_groups
from domain.search.named_tools import named_tools, tools_first
from domain.search.query import parse_query
from domain.search.rrf import FusedHit
from domain.server.source_labels import batch_label, execute_label, file_label, source_name
from tests.unit.search.test_rerank import fused


@pytest.mark.parametrize(
    ("label", "name"),
    [
        (execute_label("shell", "out"), ""),
        ("stdin:0a1b2c3d", ""),
        ("indexed-content:0a1b2c3d", ""),
        (batch_label(["ruff check", "node test"], "out"), "ruff check,node test"),
        (file_label("logs/gcc-build.log", "out"), "logs/gcc-build.log"),
        ("pidstat -r", "pidstat -r"),
    ],
)
def test_a_source_s_name_is_its_label_without_capy_s_scheme_and_hash(label: str, name: str) -> None:
    assert source_name(label) == name


def hit(chunk_id: int, content: str, score: float, label: str) -> FusedHit:
    return fused(chunk_id, content, source_id=chunk_id, score=score, label=label)


def tools(question: str, hits: list[FusedHit]) -> list[str]:
    groups = term_groups(parse_query(question))
    bits = named_tools(hits, groups)
    return [unit for at, unit in enumerate(groups.units) if bits >> at & 1]


LOGS = [
    hit(1, "cc version 13, headers used", 0.9, "make-build"),
    hit(2, ". include/stdio.h", 0.2, "gcc -H"),
    hit(3, "go vet: printf verb", 0.1, "go-vet"),
]


def test_a_word_naming_some_sources_names_a_tool() -> None:
    assert tools("which gcc version's headers are used", LOGS) == ["gcc"]


@pytest.mark.parametrize(
    "question",
    [
        "which version's headers are used",  # names no source
        "does the cache go through the proxy",  # "go" asks here
    ],
)
def test_no_tool_is_named_by_other_words(question: str) -> None:
    assert tools(question, LOGS) == []


def test_only_the_first_word_of_a_name_is_its_tool() -> None:
    # "the build halts": make's output, labelled "make-build", is not cargo's.
    hits = [hit(1, "No rule to make target", 0.9, "make-log"), hit(2, "error", 0.2, "cargo-build")]
    assert tools("the build halts at a missing header", hits) == []
    assert tools("the cargo build halts", hits) == ["cargo"]


def test_a_prefix_every_label_shares_names_no_tool() -> None:
    hits = [hit(1, "version", 0.9, "shop-make-log"), hit(2, "headers", 0.2, "shop-gcc-H")]
    assert tools("which gcc version", hits) == ["gcc"]
    assert tools("which shop version", hits) == []


def test_each_command_of_a_batch_names_its_tool() -> None:
    batch = batch_label(["ruff check", "node test"], "out")
    hits = [hit(1, "errors", 0.9, "pylint"), hit(2, "fail 2", 0.2, batch)]
    assert tools("how many node tests failed", hits) == ["node"]
    assert tools("how many ruff errors", hits) == ["ruff"]


def test_a_word_every_source_is_named_for_names_none() -> None:
    hits = [hit(1, "version", 0.9, "gcc build"), hit(2, "headers", 0.2, "gcc -H")]
    assert tools("gcc version headers", hits) == []


def test_capy_s_own_label_names_no_tool() -> None:
    hits = [hit(1, "version", 0.9, execute_label("shell", "a")), hit(2, "headers", 0.2, "x")]
    assert tools("shell version headers", hits) == []


def test_the_named_tool_s_output_comes_first_with_those_saying_its_name() -> None:
    hits = [*LOGS, hit(4, "gcc 13 warning", 0.05, "make-log")]
    groups = term_groups(parse_query("which gcc version's headers are used"))
    ranked = tools_first(hits, groups, named_tools(hits, groups))
    assert [h.hit.chunk_id for h in ranked] == [2, 4, 1, 3]
    assert ranked[1].score > ranked[2].score


MAKE_LOG = """$ make
cc -O2 -c main.c
main.c: warning: headers used from /usr/include are older than the compiler
"""
TCC_H = """$ tcc -H -c gauge.c
. /usr/lib/x86_64-linux-gnu/tcc/include/stddef.h
. include/gauge.h
"""


@pytest.fixture
def search() -> Iterator[SearchKnowledge]:
    from entrypoints.containers.applications import CliContainer
    from entrypoints.containers.memory_adapters import MemoryAdapters
    from entrypoints.containers.runtime import RuntimeOptions

    container = CliContainer(options=RuntimeOptions())
    container.adapters.override(MemoryAdapters(core=container.core))
    index = container.use_cases.index_content()
    index.execute(IndexRequest(content=MAKE_LOG, label="build"))
    index.execute(IndexRequest(content=TCC_H, label="tcc includes"))
    found = container.use_cases.search_knowledge()
    assert isinstance(found, SearchKnowledge)
    yield found


def test_the_output_of_the_tool_named_answers_first(search: SearchKnowledge) -> None:
    found = search.search("which headers did tcc use", limit=3)
    assert found.results
    assert "gauge.h" in found.results[0].content
