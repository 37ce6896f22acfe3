"""A line saying the question's words around one of its telling small words, in its order."""

from __future__ import annotations

import pytest

from domain.search.matching import term_groups
from domain.search.query import parse_query
from domain.search.rerank import rerank
from domain.search.said_phrases import said_phrases
from tests.unit.search.test_rerank import fused

_DIFF_TAIL = "Only in staging: redis.conf\nOnly in production: tls"


def _share(question: str, text: str) -> float:
    phrases = said_phrases(question)
    assert phrases is not None
    return phrases.said_share(text.lower())


@pytest.mark.parametrize(
    ("question", "line", "share"),
    [
        ("files only in staging", _DIFF_TAIL, 3 / 4),
        ("why no such file", "cat: app.env: No such file or directory", 3 / 4),
        ("worker ran out of memory", "fatal: worker ran out of memory (rss 2.1 GB)", 5 / 5),
        ("worker ran out of memory", "worker 3 ran out of memory", 4 / 5),
        ("is the lock file up to date", "lock file is up to date", 3 / 7),
        # ``does not compile`` is not the question's order: its run is ``not compile``.
        ("why does total fees not compile", "error: total_fees does not compile", 2 / 6),
        (
            "which tests were skipped without network",
            "SKIP: needs network, ran without network",
            2 / 6,
        ),
    ],
)
def test_a_line_saying_the_question_in_its_order_earns_its_run(
    question: str, line: str, share: float
) -> None:
    assert _share(question, line) == pytest.approx(share)


@pytest.mark.parametrize(
    ("question", "line"),
    [
        # Apart, out of order, or across lines: not said as asked.
        ("files only in staging", "only the staging files"),
        ("files only in staging", "staging: in only"),
        ("files only in staging", "only in\nstaging"),
        # Small words alone, with no other word of the question: "in production" says nothing
        # about staging, and "did not" names nothing.
        ("files only in staging", "Only in production: tls"),
        ("why did the job not start", "the job did not"),
        # A stopword matches only itself, never a word it begins.
        ("no such file", "node suchlike files"),
    ],
)
def test_lookalikes_earn_nothing(question: str, line: str) -> None:
    assert _share(question, line) == 0.0


@pytest.mark.parametrize(
    "question",
    [
        "run several commands in parallel",  # glue only: no telling small word
        "put each input item in the middle of the command",
        "only in",  # nothing but small words
        "not",
    ],
)
def test_questions_without_a_telling_run_ask_for_nothing(question: str) -> None:
    assert said_phrases(question) is None


def test_the_line_saying_it_ranks_first_and_its_share_stays_as_it_was() -> None:
    parsed = parse_query("files only in staging")
    groups = term_groups(parsed)
    header = fused(1, "$ diff -ru staging production\n-APP_ENV=staging", score=1.1)
    tail = fused(2, _DIFF_TAIL)
    plain = rerank([header, tail], groups, ())
    said = rerank([header, tail], groups, (), phrases=said_phrases(parsed.raw))
    assert [hit.hit.chunk_id for hit in plain.hits] == [1, 2]
    assert [hit.hit.chunk_id for hit in said.hits] == [2, 1]
    # What answerability and the cut for weak hits read is untouched.
    assert {h.hit.chunk_id: h.coverage for h in said.hits} == {
        h.hit.chunk_id: h.coverage for h in plain.hits
    }


def test_small_words_alone_never_lift_a_hit_holding_no_word_of_the_question() -> None:
    parsed = parse_query("files only in staging")
    groups = term_groups(parsed)
    other = fused(1, "Only in production: tls", score=1.0)
    ranked = rerank([other], groups, (), phrases=said_phrases(parsed.raw))
    plain = rerank([other], groups, ())
    assert ranked.hits[0].score == plain.hits[0].score == 0.0
