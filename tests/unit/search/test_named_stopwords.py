"""A function word an article leads is a name and stays a term; the words plain English puts
after an article stay stopwords (``domain.search.named_stopwords``)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from application.use_cases.index_request import IndexRequest
from application.use_cases.search_knowledge import SearchKnowledge
from domain.search.named_stopwords import named_stopwords
from domain.search.query import parse_query
from entrypoints.containers.applications import CliContainer
from entrypoints.containers.memory_adapters import MemoryAdapters
from entrypoints.containers.runtime import RuntimeOptions

GIT_AM = """$ git am ../patches/0002-Lower-the-reduced-rate.patch
error: rates.py: patch does not apply
Patch failed at 0002 Lower the reduced rate to 5.5 percent
When you have resolved this problem, run "git am --continue".
If you prefer to skip this patch, run "git am --skip" instead.
To restore the original branch and stop patching, run "git am --abort".
"""
GIT_REBASE = """$ git rebase main
CONFLICT (content): Merge conflict in rates.py
hint: Resolve all conflicts manually, mark them as resolved with
hint: "git add/rm <conflicted_files>", then run "git rebase --continue".
hint: You can instead skip this commit: run "git rebase --skip".
hint: To abort and get back to the state before "git rebase", run "git rebase --abort".
"""


@pytest.mark.parametrize(
    ("question", "terms"),
    [
        ("how do I continue or abort the am", ("continue", "abort", "am")),
        ("when is the with statement needed", ("with", "statement", "needed")),
        ("how is the not in subquery executed", ("not", "subquery", "executed")),
        ("what does an if guard do", ("if", "guard")),
    ],
)
def test_a_function_word_an_article_leads_is_a_term(question: str, terms: tuple[str, ...]) -> None:
    assert parse_query(question).terms == terms


@pytest.mark.parametrize(
    ("question", "terms"),
    [
        # Quantifiers, adjectives and nouns follow an article as themselves.
        ("which function holds the most heap", ("function", "holds", "heap")),
        ("a few tests failed", ("tests", "failed")),
        ("is it the same error as before", ("error",)),
        ("the above error again", ("error",)),
        ("plan of the query before the new index", ("plan", "query", "index")),
        # Only right after the article: "the patch that did apply" keeps "did" a stopword.
        ("who wrote the patch that did apply", ("wrote", "patch", "apply")),
        # A function word elsewhere is grammar, as ever.
        ("how do I continue or abort", ("continue", "abort")),
    ],
)
def test_words_plain_english_puts_after_an_article_stay_stopwords(
    question: str, terms: tuple[str, ...]
) -> None:
    assert parse_query(question).terms == terms


def test_only_the_word_right_after_an_article_is_named() -> None:
    words = ["the", "am", "session", "of", "a", "do", "block", "that", "is", "the", "same"]
    assert named_stopwords(words) == frozenset({"am", "do"})


def test_a_question_of_articles_alone_keeps_its_words() -> None:
    assert parse_query("the a an").terms == ("the", "a", "an")


@pytest.fixture
def search() -> Iterator[SearchKnowledge]:
    container = CliContainer(options=RuntimeOptions())
    container.adapters.override(MemoryAdapters(core=container.core))
    index = container.use_cases.index_content()
    index.execute(IndexRequest(content=GIT_REBASE, label="git rebase main"))
    index.execute(IndexRequest(content=GIT_AM, label="git am patches"))
    found = container.use_cases.search_knowledge()
    assert isinstance(found, SearchKnowledge)
    yield found


def test_the_command_a_question_names_after_an_article_ranks_its_output_first(
    search: SearchKnowledge,
) -> None:
    found = search.search("how do I continue or abort the am", limit=3)
    assert found.results
    assert "git am --abort" in found.results[0].content


def test_a_changelog_word_an_article_leads_is_a_noun_and_a_term() -> None:
    assert parse_query("which port does the dev server use").terms == (
        "port",
        "dev",
        "server",
        "use",
    )
