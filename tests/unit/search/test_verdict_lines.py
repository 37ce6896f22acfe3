"""A yes-or-no question is answered by a true or false setting keyed by one of its words."""

from __future__ import annotations

from domain.search.answer_kinds import AnswerKind, answer_kinds, answers
from domain.search.matching import term_groups
from domain.search.query import parse_query
from domain.search.rerank import rerank
from domain.search.rrf import FusedHit
from domain.search.verdict_lines import asks_yes_or_no, states_verdict
from domain.search_hit import LayerHit, SearchLayer
from domain.source_kind import SourceKind


def verdict(line: str, query: str) -> bool:
    return states_verdict(line, term_groups(parse_query(query)))


def test_a_question_opening_with_its_verb_asks_yes_or_no() -> None:
    assert asks_yes_or_no("is mypy strict")
    assert asks_yes_or_no("Does the lib target run doctests")
    assert asks_yes_or_no("can this plan be applied")
    assert AnswerKind.VERDICT in answer_kinds("is the package published or private")
    # A question asking for a value, or "is" inside a question, asks no yes or no.
    assert not asks_yes_or_no("which redis instance does the app use")
    assert not asks_yes_or_no("what is the retry limit")
    assert not asks_yes_or_no("island names")
    assert AnswerKind.VERDICT not in answer_kinds("which user does the container run as")


def test_a_true_or_false_setting_keyed_by_a_word_of_the_question() -> None:
    assert verdict("strict = true", "is mypy strict")
    assert verdict('  "private": true,', "is the package published or private")
    assert verdict('    "doctest": true,', "does the lib target run doctests")
    assert verdict("DEBUG=False", "is debug on in production")
    assert verdict("- strictMode: yes", "is strict mode enabled")
    assert verdict("fail-fast: false  # every job runs", "does the matrix fail fast")


def test_lookalikes_state_no_verdict() -> None:
    # A value that is no yes or no, a key naming another word, a word only inside a longer
    # key's part, prose, a command-line flag.
    assert not verdict("REDIS_URL=redis://cache:6379/2", "is redis used")
    assert not verdict('"private_key_path": "/etc/ssl/key.pem"', "is the key private")
    assert not verdict('"strictness": true', "is mypy strict")
    assert not verdict("strict = true", "is the package private")
    assert not verdict("the build is strict: true to its word", "is the build strict")
    assert not verdict("- run: mypy --strict shop", "is mypy strict")
    assert not verdict('"publishConfig": {', "is the package published")


def test_the_kind_counts_only_for_a_yes_or_no_question() -> None:
    groups = term_groups(parse_query("is mypy strict"))
    assert answers(AnswerKind.VERDICT, "strict = true", groups)
    assert not answers(AnswerKind.VERDICT, "strict = 3", groups)


def fused(chunk_id: int, content: str, relevance: float) -> FusedHit:
    hit = LayerHit(
        chunk_id=chunk_id,
        source_id=chunk_id,
        label=f"s{chunk_id}",
        kind=SourceKind.DURABLE,
        title="t",
        content=content,
        has_code=False,
        relevance=relevance,
    )
    return FusedHit(hit, 1.0, (SearchLayer.WORDS,))


def test_the_setting_outranks_a_workflow_holding_the_same_words() -> None:
    workflow = fused(1, "jobs:\n  check:\n    steps:\n      - run: mypy --strict shop", 2.0)
    pyproject = fused(2, "[tool.mypy]\npython_version = '3.12'\nstrict = true", 1.6)
    query = "is mypy strict"
    groups = term_groups(parse_query(query))
    asked = rerank([workflow, pyproject], groups, (), answer_kinds(query)).hits
    assert asked[0].hit.chunk_id == 2
    # Asked for a value, not yes or no, the words decide: the workflow's line holds both.
    plain = rerank([workflow, pyproject], groups, (), frozenset()).hits
    assert plain[0].hit.chunk_id == 1
