"""A question whose held words sit in different sections, with one word the store holds
nowhere, still gets the section that answers it: the answer says part of the question in its
own words, which is what an unanswerable question looks like too (ADR 0079). Each test holds an
answer one of the rules ADR 0079 measured and rejected would silence."""

from __future__ import annotations

import json
from pathlib import Path

from tests.unit.search.memory_search import search_over

PLAN = "\n".join(
    f"""## resource_changes > {name}

address: aws_db_instance.{name}
change.actions: ["update"]
change.before.engine: "postgres"
change.before.engine_version: "{before}"
change.after.engine_version: "{after}"
change.after.instance_class: "db.t3.medium"
"""
    for name, before, after in (("ledger", "14.9", "15.4"), ("sessions", "13.11", "13.11"))
)

PULL_REQUESTS = "\n".join(
    f"## #{number} {title}\n\nstate: merged\nauthor: dev{number % 5}\nfiles changed: {number % 9}\n"
    for number, title in (
        (788, "Upgrade to Node 22 in the web image"),
        (790, "Cache the lint step between jobs"),
        (795, "Retry flaky webhook deliveries"),
        (801, "Split the billing worker out of the api"),
        (806, "Pin the ingest queue consumer version"),
    )
)

DEPENDENCIES = "\n".join(
    f"## dependencies > {name}\n\nversion: {version}\nresolved: registry\n"
    for name, version in (
        ("react", "18.3.1"),
        ("typescript", "5.9.3"),
        ("vitest", "2.1.8"),
        ("zod", "3.23.8"),
        ("undici", "6.21.0"),
    )
)


FLAKY = """## #821 Flaky: test_concurrent_checkout deadlocks on CI

state: open
labels: ci, tests
"""

KEEP_ALIVE = """## server.conf

keep alive timeout: 75 seconds
worker processes: 4
"""


# The quality corpora (``capy bench quality``): real tools' outputs, and the bundled one.
_REAL = Path(__file__).resolve().parents[2] / "fixtures" / "bench-real"
_BUNDLED = _REAL.parent / "bench"


def _outputs(kind: str, corpus: Path = _REAL) -> list[tuple[str, str]]:
    """The (label, output) of every output of one kind of a quality corpus."""
    lines = (corpus / f"{kind}.jsonl").read_text(encoding="utf-8").splitlines()
    entries = [json.loads(line) for line in lines if line.strip()]
    return [(entry["source_label"], entry["haystack"]) for entry in entries]


def test_an_answer_holding_one_held_word_while_another_sits_elsewhere_is_kept() -> None:
    # ``rds`` is held nowhere (the plan says aws_db_instance); ``engine`` and ``version`` meet
    # in the answer, ``upgrade`` only in an unrelated pull request. No section holds every
    # held word, as for many an unanswerable question; this one is answered, and must stay so.
    search = search_over(
        ("terraform show -json", PLAN),
        ("gh pr list", PULL_REQUESTS),
        ("npm ls --json", DEPENDENCIES),
    )
    found = search.search("rds engine version upgrade from", limit=10)
    assert found.results, "an answerable question went silent"
    assert any('"15.4"' in result.content for result in found.results)


def test_a_correction_that_meets_none_of_the_other_words_still_answers() -> None:
    # ``keeps`` is read as ``keep``, which only an unrelated config holds; ``flking`` stays as
    # typed. The flaky test's entry is still what the question asks for.
    search = search_over(
        ("gh issue list", FLAKY),
        ("gh pr list", PULL_REQUESTS),
        ("nginx.conf", KEEP_ALIVE),
        ("npm ls --json", DEPENDENCIES),
    )
    found = search.search("which test keeps flking in CI", limit=10)
    assert found.results, "an answerable question went silent"
    assert any("#821" in result.content for result in found.results)


def test_a_best_section_found_only_through_a_correction_still_answers() -> None:
    # ``sdction`` is read as ``section``, the only word of the question the pull request that
    # answers it holds (it says "'1 section', not '1 sections'", never "singular"); ``request``,
    # ``fixed`` and ``count`` meet in an unrelated source. So do "unreachable code warnings"
    # (``code`` read as ``core``) and "stashed changes in the working tree" (``tree`` as
    # ``three``), which nothing answers: a correctly spelt word read as another looks like a
    # typo. Silencing a question whose best section holds only a correction loses this answer.
    search = search_over(*_outputs("records"))
    found = search.search("which pull request fixed the singular sdction count", limit=10)
    assert found.results, "an answerable question went silent"
    assert any("'1 section', not '1 sections'" in result.content for result in found.results)


def test_an_answer_below_a_section_holding_only_the_asking_words_is_kept() -> None:
    # The question padded with ``error``: an npm log holding ``version`` (an asking word) and
    # ``error`` ranks first, ahead of pip's ``billiard<5.0,>=4.2.0`` line. The best section holds
    # none of the words that name the subject, yet the answer is second.
    search = search_over(*_outputs("install"))
    found = search.search("billiard version constraint error", limit=10)
    assert found.results, "an answerable question went silent"
    assert any("billiard<5.0,>=4.2.0" in result.content for result in found.results)


def test_an_identifier_held_nowhere_does_not_silence_the_answer() -> None:
    # ``IMDSv1`` is written nowhere: the plan says ``http_tokens = "optional"``, which is what
    # allowing IMDSv1 means. A name written like an identifier is no surer a crux than a word.
    search = search_over(*_outputs("json", _BUNDLED))
    found = search.search("instance still allowing IMDSv1 http tokens optional", limit=10)
    assert found.results, "an answerable question went silent"
    assert any("ci-runner-legacy-2" in result.content for result in found.results)


def test_a_question_opening_with_a_word_held_nowhere_still_answers() -> None:
    # Each question opens with a noun phrase whose first word the store holds nowhere, and its
    # context after the preposition is held: the shape of "yanked versions of the crate" or
    # "stashed changes in the working tree", which nothing answers. These are answered: the
    # output says the missing word its own way (``Maximum resident set size`` for "peak",
    # ``Global symbol … requires explicit package name`` for "undeclared", a changelog's
    # ``javascript:`` links fix for "XSS"). A rule silencing that shape loses them (ADR 0194).
    asked = [
        ("diagnostics", _REAL, "peak memory of the frames script", "Maximum resident set size"),
        ("lint", _REAL, "undeclared variable under strict in the perl report", "Global symbol"),
        ("markdown", _BUNDLED, "XSS javascript: links in markdown security fix", "GHSA-7rqx"),
    ]
    for kind, corpus, question, needle in asked:
        search = search_over(*_outputs(kind, corpus))
        found = search.search(question, limit=10)
        assert found.results, f"an answerable question went silent: {question!r}"
        assert any(needle in result.content for result in found.results), question
