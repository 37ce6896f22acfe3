""" "According to X" names the tool whose output a question asks about (ADR 0316)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from application.use_cases.index_request import IndexRequest
from application.use_cases.search_knowledge import SearchKnowledge
from domain.search.matching import term_groups
from domain.search.named_sources import named_source, sources_first
from domain.search.query import parse_query
from domain.search.question_words import is_question_word
from domain.search.rrf import FusedHit
from tests.unit.search.test_rerank import fused

REDIS_INFO = """$ redis-cli INFO memory
# Memory
used_memory:1048576
used_memory_human:1.00M
used_memory_peak:2097152
process_id:4411 uses memory for its keys
"""
PIDSTAT = """$ pidstat -r -p 8020,8021 1 1
08:10:13      UID       PID  minflt/s  majflt/s     VSZ     RSS   %MEM  Command
Average:        0      8020      0.00      0.00   21404   17420   0.07  manifest-enc
Average:        0      8021      0.00      0.00  324776  322016   1.30  tile-cache
"""


def split(question: str) -> tuple[list[str], list[str]]:
    units = term_groups(parse_query(question)).units
    connector, source = named_source(question, units)
    return (
        [unit for at, unit in enumerate(units) if connector >> at & 1],
        [unit for at, unit in enumerate(units) if source >> at & 1],
    )


@pytest.mark.parametrize(
    ("question", "source"),
    [
        ("which process uses the most memory according to pidstat", "pidstat"),
        ("how much memory is free according to top", "top"),
        ("swap used according to vmstat -s", "vmstat"),
        ("according to the linter, which file is worst?", "linter"),
    ],
)
def test_the_word_after_according_to_is_the_source(question: str, source: str) -> None:
    assert split(question) == (["according"], [source])


@pytest.mark.parametrize(
    "question",
    [
        "which process uses the most memory",
        "sorted according",
        "according to",
        "memory per process",
    ],
)
def test_a_question_naming_no_source_has_none(question: str) -> None:
    assert split(question) == ([], [])


def test_according_only_asks() -> None:
    # No output says it: its absence never judges a question unanswerable.
    assert is_question_word("according")


def hit(chunk_id: int, content: str, score: float) -> FusedHit:
    return fused(chunk_id, content, source_id=chunk_id, score=score, label=f"s{chunk_id}")


def test_the_hits_holding_the_source_come_first_in_their_order() -> None:
    groups = term_groups(parse_query("memory according to pidstat"))
    _, source = named_source("memory according to pidstat", groups.units)
    hits = [hit(1, "memory", 0.9), hit(2, "pidstat -r", 0.2), hit(3, "pidstat -u", 0.1)]
    ranked = sources_first(hits, groups, source)
    assert [h.hit.chunk_id for h in ranked] == [2, 3, 1]
    assert ranked[0].score > ranked[1].score > ranked[2].score


def test_the_order_stands_when_none_or_all_hold_the_source() -> None:
    groups = term_groups(parse_query("memory according to top"))
    _, source = named_source("memory according to top", groups.units)
    hits = [hit(1, "memory", 0.9), hit(2, "swap", 0.2)]
    assert sources_first(hits, groups, source) == hits
    assert sources_first(hits, groups, 0) == hits


@pytest.fixture
def search() -> Iterator[SearchKnowledge]:
    from entrypoints.containers.applications import CliContainer
    from entrypoints.containers.memory_adapters import MemoryAdapters
    from entrypoints.containers.runtime import RuntimeOptions

    container = CliContainer(options=RuntimeOptions())
    container.adapters.override(MemoryAdapters(core=container.core))
    index = container.use_cases.index_content()
    index.execute(IndexRequest(content=REDIS_INFO, label="redis info"))
    index.execute(IndexRequest(content=PIDSTAT, label="pidstat"))
    found = container.use_cases.search_knowledge()
    assert isinstance(found, SearchKnowledge)
    yield found


def test_the_named_tool_s_output_answers_first(search: SearchKnowledge) -> None:
    found = search.search("which process uses the most memory according to pidstat", limit=3)
    assert found.results
    assert "tile-cache" in found.results[0].content
