"""A correction one typist's slip explains ranks as the question typed right would."""

from __future__ import annotations

import json
from pathlib import Path

from application.search.corrected_hits import sure_correction
from application.use_cases.index_request import IndexRequest
from domain.content_type import ContentType
from domain.search.query import parse_query
from entrypoints.containers.applications import CliContainer
from entrypoints.containers.memory_adapters import MemoryAdapters
from entrypoints.containers.runtime import RuntimeOptions

_TRANSCRIPTS = Path(__file__).resolve().parents[2] / "fixtures" / "bench" / "transcript.jsonl"


def test_a_correction_is_sure_when_one_slip_explains_every_changed_word() -> None:
    typed = parse_query("when are soft deleted projects purgwd")
    assert sure_correction(typed, parse_query("when are soft deleted projects purged"))
    # Two slips (``perfomance`` → ``performance`` is one; ``prfmance`` is not).
    assert not sure_correction(parse_query("prfmance"), parse_query("performance"))
    # A word of three letters is as often another word (``lag`` is no ``lang``).
    assert not sure_correction(parse_query("lag flag"), parse_query("lang flag"))
    # Another form of the same word is no typo (the text lacks the form typed).
    assert not sure_correction(parse_query("commit limits"), parse_query("commit limit"))
    # A run spelt out changes the number of words: not a slip.
    assert not sure_correction(parse_query("db pool"), parse_query("database connection pool"))


def test_a_misspelt_question_finds_first_what_the_question_typed_right_finds_first() -> None:
    container = CliContainer(options=RuntimeOptions())
    container.adapters.override(MemoryAdapters(core=container.core))
    index = container.use_cases.index_content()
    for line in _TRANSCRIPTS.read_text(encoding="utf-8").splitlines():
        entry = json.loads(line)
        index.execute(
            IndexRequest(
                content=entry["haystack"],
                label=entry["source_label"],
                content_type=ContentType.TRANSCRIPT,
            )
        )
    search = container.use_cases.search_knowledge()
    needle = "Hard deletes happen in a nightly purge after 30 days"
    for query in (
        "when are soft deleted projects purged",
        "when are soft deleted projects purgwd",
    ):
        found = search.search(query, limit=3)
        assert found.results, query
        assert needle in found.results[0].content, query
