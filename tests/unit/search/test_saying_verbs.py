"""A verb by which a question says what a tool printed asks; the same word naming a thing names."""

from __future__ import annotations

import json
from pathlib import Path

from application.use_cases.index_request import IndexRequest
from application.use_cases.search_knowledge import SearchKnowledge
from domain.search.question_words import asks_as_verb
from entrypoints.containers.applications import CliContainer
from entrypoints.containers.memory_adapters import MemoryAdapters
from entrypoints.containers.runtime import RuntimeOptions

_DIAGNOSTICS = Path(__file__).resolve().parents[2] / "fixtures" / "bench-real" / "diagnostics.jsonl"


def test_a_saying_verb_after_a_form_of_do_that_ends_the_question_asks() -> None:
    assert asks_as_verb("how many errors did valgrind report", "report")
    assert asks_as_verb("what does mypy print?", "print")
    assert asks_as_verb("how many errors did valgrind report error", "report")  # padded
    assert asks_as_verb("which warnings didn't gcc show", "show")


def test_the_same_word_naming_a_thing_does_not_ask() -> None:
    assert not asks_as_verb("the disk filled up while writing the report", "report")
    assert not asks_as_verb("where is the test report", "report")
    assert not asks_as_verb("did the report list the coverage", "report")  # not the last word
    assert not asks_as_verb("what does the plan output", "plan")  # no saying verb
    assert not asks_as_verb("valgrind report", "report")  # no form of do


def test_a_typists_slip_of_a_saying_verb_asks_where_the_verb_would() -> None:
    # No output need hold ``report``, so the vocabulary cannot correct ``reprot`` to it.
    assert asks_as_verb("how many errors did valgrind reprot", "reprot")  # swapped
    assert asks_as_verb("how many errors did valgrind repott", "repott")  # neighbouring key
    assert asks_as_verb("what does mypy prnt", "prnt")  # dropped
    assert not asks_as_verb("where is the test reprot", "reprot")  # names, misspelt
    assert not asks_as_verb("how many errors did valgrind rapport", "rapport")  # two slips


def _search() -> SearchKnowledge:
    container = CliContainer(options=RuntimeOptions())
    container.adapters.override(MemoryAdapters(core=container.core))
    index = container.use_cases.index_content()
    for line in _DIAGNOSTICS.read_text(encoding="utf-8").splitlines():
        entry = json.loads(line)
        index.execute(IndexRequest(content=entry["haystack"], label=entry["source_label"]))
    found = container.use_cases.search_knowledge()
    assert isinstance(found, SearchKnowledge)
    return found


def test_how_many_errors_a_tool_reported_is_answered_though_it_never_says_report() -> None:
    # valgrind prints ``ERROR SUMMARY: 8 errors from 4 contexts``; ``report`` is held nowhere
    # and, with ``valgrind`` in every section's label, weighed most of what the question names.
    search = _search()
    for query in (
        "how many errors did valgrind report",
        "how many errors did valgrind report error",
        "how many errors did valgrind reprot",
        "how many errors did valgrind repott",
    ):
        found = search.search(query, limit=10)
        assert found.results, f"an answerable question went silent: {query}"
        assert any("8 errors from 4 contexts" in r.content for r in found.results), query


_BUNDLED = Path(__file__).resolve().parents[2] / "fixtures" / "bench" / "plaintext.jsonl"


def test_a_section_lacking_the_saying_verb_loses_little_for_it() -> None:
    # cargo's summary never says ``report``; a web log's ``GET /api/v2/reports/sales … ERROR``
    # holds ``errors`` and ``reports`` and came first, cargo's own errors third.
    container = CliContainer(options=RuntimeOptions())
    container.adapters.override(MemoryAdapters(core=container.core))
    index = container.use_cases.index_content()
    for line in _BUNDLED.read_text(encoding="utf-8").splitlines():
        entry = json.loads(line)
        index.execute(IndexRequest(content=entry["haystack"], label=entry["source_label"]))
    search = container.use_cases.search_knowledge()
    found = search.search("how many errors did cargo report", limit=3)
    assert found.results
    assert "due to 4 previous errors" in found.results[0].content
