"""A word nothing corrects, with a letter doubled where no indexed text doubles it, read as the
word with that letter single — and corrected as that word would be (ADR 0217)."""

from __future__ import annotations

from adapters.memory.fixed_clock import FixedClock
from application.search.corrector import QueryCorrector
from application.use_cases.index_request import IndexRequest
from domain.search.query import parse_query
from entrypoints.containers.applications import CliContainer
from entrypoints.containers.memory_adapters import MemoryAdapters
from entrypoints.containers.runtime import RuntimeOptions
from tests.unit.search.test_corrector import Vocabulary

_TEXT = ("transcript", "smaller files stay synchronous; the import runs in a queue")


def _corrector(words: set[str], text: tuple[str, str] = _TEXT) -> QueryCorrector:
    return QueryCorrector(Vocabulary(words, texts=[text]), FixedClock())  # type: ignore[arg-type]


def test_a_doubled_letter_reads_as_the_word_typed_right() -> None:
    # ``async`` typed right is corrected to the held ``sync``: ``asyncc`` reads the same.
    corrector = _corrector({"sync", "import", "threshold"})
    right = corrector.correct(parse_query("csv import async threshold"), lambda w: False)
    slipped = corrector.correct(parse_query("csv import asyncc threshold"), lambda w: False)
    assert right is not None and slipped is not None
    assert slipped.terms == right.terms == ("csv", "import", "sync", "threshold")
    assert slipped.raw == "csv import sync threshold"


def test_a_doubled_letter_the_text_writes_so_is_no_slip() -> None:
    # ``process`` is typed right: the text doubles ``s`` after ``e`` (``less``); its single
    # ``proces`` would be read as ``prices``.
    text = ("notes", "less than ten prices")
    corrector = _corrector({"prices", "limit"}, text)
    assert corrector.correct(parse_query("process limit"), lambda w: False) is None
    # The same slip where the text never writes ``ess`` is read as a slip.
    corrected = _corrector({"prices", "limit"}).correct(
        parse_query("process limit"), lambda w: False
    )
    assert corrected is not None and corrected.terms == ("prices", "limit")


def test_a_consonant_doubled_before_an_ending_stays_as_typed() -> None:
    # ``rolled`` is ``roll`` + ``ed``, no slip of ``roled`` (which ``role`` would correct).
    corrector = _corrector({"role", "version"})
    assert corrector.correct(parse_query("version rolled back"), lambda w: False) is None


def test_a_word_too_short_once_single_stays_as_typed() -> None:
    # ``wirre`` made single is ``wire``, corrected only by one slip (to ``wore``): no second
    # slip on top of the first.
    corrector = _corrector({"wore", "report"})
    assert corrector.correct(parse_query("wirre report"), lambda w: False) is None


def test_a_single_the_store_holds_is_the_one_slip_correction_itself() -> None:
    held = _corrector({"async", "sync", "import"})
    corrected = held.correct(parse_query("asyncc import"), lambda w: False)
    assert corrected is not None and corrected.terms == ("async", "import")


def test_a_question_with_a_doubled_letter_is_answered_as_typed_right() -> None:
    container = CliContainer(options=RuntimeOptions())
    container.adapters.override(MemoryAdapters(core=container.core))
    container.use_cases.index_content().execute(
        IndexRequest(
            content="# Imports\n\nA large import runs in sync below 10 MB; above, a job is queued.\n"
            "\n# Exports\n\nExports are written to the bucket every night.\n",
            label="docs/imports.md",
        )
    )
    search = container.use_cases.search_knowledge()
    right = search.search("large import async threshold", limit=3)
    slipped = search.search("large import asyncc threshold", limit=3)
    assert right.results, "the question typed right is answered"
    assert [r.title for r in slipped.results] == [r.title for r in right.results]
    assert slipped.corrected_query == right.corrected_query
