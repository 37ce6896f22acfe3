"""A question whose held words sit in different sections, with one word the store holds
nowhere, still gets the section that answers it: the answer says part of the question in its
own words, which is what an unanswerable question looks like too (ADR 0079)."""

from __future__ import annotations

from application.use_cases.index_request import IndexRequest
from application.use_cases.search_knowledge import SearchKnowledge
from entrypoints.containers.applications import CliContainer
from entrypoints.containers.memory_adapters import MemoryAdapters
from entrypoints.containers.runtime import RuntimeOptions

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


def _search(*outputs: tuple[str, str]) -> SearchKnowledge:
    """capy's search over an in-memory store holding ``outputs`` (label, text)."""
    container = CliContainer(options=RuntimeOptions())
    container.adapters.override(MemoryAdapters(core=container.core))
    index = container.use_cases.index_content()
    for label, content in outputs:
        index.execute(IndexRequest(content=content, label=label))
    found = container.use_cases.search_knowledge()
    assert isinstance(found, SearchKnowledge)
    return found


def test_an_answer_holding_one_held_word_while_another_sits_elsewhere_is_kept() -> None:
    # ``rds`` is held nowhere (the plan says aws_db_instance); ``engine`` and ``version`` meet
    # in the answer, ``upgrade`` only in an unrelated pull request. No section holds every
    # held word, as for many an unanswerable question; this one is answered, and must stay so.
    search = _search(
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
    search = _search(
        ("gh issue list", FLAKY),
        ("gh pr list", PULL_REQUESTS),
        ("nginx.conf", KEEP_ALIVE),
        ("npm ls --json", DEPENDENCIES),
    )
    found = search.search("which test keeps flking in CI", limit=10)
    assert found.results, "an answerable question went silent"
    assert any("#821" in result.content for result in found.results)
