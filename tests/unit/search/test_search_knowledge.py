"""SearchKnowledge through the real container with in-memory adapters."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from application.use_cases.index_request import IndexRequest
from application.use_cases.search_knowledge import SearchKnowledge
from domain.errors import InvalidInput
from domain.search_hit import SearchScope
from domain.source_kind import ALL_KINDS, SourceKind
from entrypoints.containers.applications import CliContainer
from entrypoints.containers.memory_adapters import MemoryAdapters
from entrypoints.containers.runtime import RuntimeOptions

DEPLOY = """# Deploy

## Rollback

Run `helm rollback billing 3` when the readiness probe fails for five minutes.

## Secrets

Secrets live in Vault under kv/billing/prod and sync every 60 seconds.

## Scaling

The worker pool scales between 2 and 12 replicas on queue depth.
"""

BUILD_LOG = "\n".join(
    [f"step {i}: compiling module_{i}" for i in range(30)]
    + ["error TS2345: Argument of type 'string | undefined' is not assignable"]
)


@pytest.fixture
def container() -> Iterator[CliContainer]:
    container = CliContainer(options=RuntimeOptions())
    container.adapters.override(MemoryAdapters(core=container.core))
    index = container.use_cases.index_content()
    index.execute(IndexRequest(content=DEPLOY, label="docs/deploy.md"))
    index.execute(IndexRequest(content=BUILD_LOG, label="execute:shell", kind=SourceKind.EPHEMERAL))
    yield container


@pytest.fixture
def search(container: CliContainer) -> SearchKnowledge:
    use_case = container.use_cases.search_knowledge()
    assert isinstance(use_case, SearchKnowledge)
    return use_case


def test_finds_the_section_that_answers_the_query(search: SearchKnowledge) -> None:
    found = search.search("rollback readiness probe", limit=3)
    top = found.results[0]
    assert top.title == "Deploy > Rollback"
    assert top.source == "docs/deploy.md"
    assert top.rank == 1
    assert "helm rollback" in top.snippet
    assert top.layer in {"words", "rrf(words+substrings)"}


def test_ephemeral_sources_are_hidden_by_default_and_named_when_nothing_is_found(
    search: SearchKnowledge,
) -> None:
    hidden = search.search("TS2345", limit=3)
    assert not hidden
    assert hidden.hidden_kinds == ((SourceKind.EPHEMERAL, 1),)
    shown = search.search(
        "TS2345", limit=3, scope=SearchScope(kinds=ALL_KINDS, kinds_explicit=True)
    )
    assert shown.results[0].source == "execute:shell"


def test_the_hidden_kinds_are_counted_without_listing_their_sources(
    container: CliContainer, search: SearchKnowledge, monkeypatch: pytest.MonkeyPatch
) -> None:
    index = container.use_cases.index_content()
    for n in range(4):
        index.execute(
            IndexRequest(content=f"run {n} ok", label=f"execute:{n}", kind=SourceKind.EPHEMERAL)
        )
    store = container.adapters.knowledge_store()

    def listed(*_: object) -> None:
        raise AssertionError("a search listed sources")

    monkeypatch.setattr(store, "sources", listed)
    assert search.search("TS2345", limit=3).hidden_kinds == ((SourceKind.EPHEMERAL, 5),)
    only_sessions = SearchScope(kinds=frozenset({SourceKind.SESSION}), kinds_explicit=True)
    assert search.search("TS2345", limit=3, scope=only_sessions).hidden_kinds == (
        (SourceKind.DURABLE, 1),
        (SourceKind.EPHEMERAL, 5),
    )


def test_a_word_of_a_label_corrects_a_query_without_listing_the_sources(
    container: CliContainer, search: SearchKnowledge, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Only the label says ``ruff``: the correction is read from the labels alone.
    index = container.use_cases.index_content()
    index.execute(
        IndexRequest(content="All checks passed!\nFound 0 errors", label="lint/real-ruff")
    )
    store = container.adapters.knowledge_store()
    read: list[int] = []
    labels = store.source_labels

    def counted() -> list[str]:
        read.append(1)
        return labels()

    def listed(*_: object) -> None:
        raise AssertionError("a search listed sources")

    monkeypatch.setattr(store, "source_labels", counted)
    monkeypatch.setattr(store, "sources", listed)
    found = search.search("how many did ruuff find", limit=3)
    assert found.corrected_query == "ruff find"
    assert found.results[0].source == "lint/real-ruff"
    assert read == [1]


def test_a_source_filter_lifts_the_kind_filter(search: SearchKnowledge) -> None:
    found = search.search("TS2345", limit=3, scope=SearchScope(source="execute"))
    assert [r.source for r in found.results] == ["execute:shell"]


def test_a_typo_is_corrected_and_tagged_fuzzy(search: SearchKnowledge) -> None:
    found = search.search("rolback", limit=3)
    assert found.results[0].title == "Deploy > Rollback"
    assert found.results[0].layer.startswith("fuzzy+")
    assert found.corrected_query == "rollback"


@pytest.mark.parametrize("query", ["", "   ", "->", '"', "NEAR(", "AND OR NOT", "🙂", "title:"])
def test_odd_queries_never_fail(search: SearchKnowledge, query: str) -> None:
    search.search(query, limit=3)


def test_limit_out_of_range_is_refused_with_a_hint(search: SearchKnowledge) -> None:
    with pytest.raises(InvalidInput) as error:
        search.search("rollback", limit=0)
    assert "between 1 and" in error.value.hint


def test_results_respect_the_limit_and_rank_in_order(search: SearchKnowledge) -> None:
    found = search.search("replicas secrets rollback", limit=2)
    assert [r.rank for r in found.results] == [1, 2]


def test_returned_sources_are_marked_accessed(container: CliContainer) -> None:
    container.use_cases.search_knowledge().search("vault secrets", limit=1)
    store = container.adapters.knowledge_store()
    source = store.source_by_label("docs/deploy.md")
    assert source is not None and source.access_count == 1


def test_distinctive_terms_of_a_source(container: CliContainer) -> None:
    store = container.adapters.knowledge_store()
    source = store.source_by_label("docs/deploy.md")
    assert source is not None
    terms = container.use_cases.distinctive_terms().terms(source.id)
    assert isinstance(terms, list)


def test_a_name_nothing_mentions_gives_no_results(search: SearchKnowledge) -> None:
    assert not search.search("rollback on Kubernetes", limit=3)  # no text mentions Kubernetes
    assert search.search("rollback", limit=3)


def test_a_result_holding_only_a_sliver_of_the_query_is_dropped(search: SearchKnowledge) -> None:
    # Six words no text contains and one common one: the scaling section is not an answer.
    assert not search.search("payouts marketplace sellers escrow ledgers invoicing replicas")
    assert search.search("payouts replicas")


def test_short_acronyms_are_not_taken_for_unknown_names(search: SearchKnowledge) -> None:
    assert search.search("HSTS rollback", limit=3)


@pytest.mark.parametrize("name", ["IMDSv1", "HTTP2", "SSLv3"])
def test_versioned_acronyms_are_not_taken_for_unknown_names(
    search: SearchKnowledge, name: str
) -> None:
    assert search.search(f"{name} rollback", limit=3)


def test_access_within_a_window_is_written_once_and_flushed_on_request(
    container: CliContainer,
) -> None:
    search = container.use_cases.search_knowledge()
    store = container.adapters.knowledge_store()
    search.search("vault secrets", limit=1)
    search.search("vault secrets", limit=1)  # same window: collected, not yet written
    source = store.source_by_label("docs/deploy.md")
    assert source is not None and source.access_count == 1
    search.flush_access()
    source = store.source_by_label("docs/deploy.md")
    assert source is not None and source.access_count == 2


def test_a_query_whose_naming_words_nothing_holds_gets_no_results(
    search: SearchKnowledge,
) -> None:
    # "horizontal autoscaler" is in no indexed text: what "replicas" matches is not about it.
    assert not search.search("horizontal autoscaler replicas", limit=3)
    # "wrong" only asks: the rest of the query names what the text holds.
    assert search.search("what goes wrong with the readiness probe rollback", limit=3)


def test_a_measure_at_a_cut_off_finds_its_notation(container: CliContainer) -> None:
    index = container.use_cases.index_content()
    index.execute(
        IndexRequest(
            content="# Bench\n\n## Markdown\n\nmarkdown R@5 0.924 -> 0.975 after the split\n\n"
            "## Notes\n\nmarkdown recall rose; the 5 slowest queries improved\n",
            label="bench.md",
        )
    )
    found = container.use_cases.search_knowledge().search("markdown recall at 5", limit=3)
    assert found.results[0].title == "Bench > Markdown"


def test_the_record_counting_problems_is_found_not_every_record_with_a_zero_count() -> None:
    import json

    def result(path: str, errors: int) -> dict[str, object]:
        messages = [{"ruleId": "no-var", "message": "Unexpected var.", "line": 3}] * errors
        return {
            "filePath": f"/repo/src/{path}",
            "messages": messages,
            "errorCount": errors,
            "fatalErrorCount": 0,
            "warningCount": 0,
            "source": "export const x = 1;\n" * 20,
        }

    report = [result(f"module_{n}.ts", 0) for n in range(12)] + [result("customer.ts", 2)]
    container = CliContainer(options=RuntimeOptions())
    container.adapters.override(MemoryAdapters(core=container.core))
    container.use_cases.index_content().execute(
        IndexRequest(content=json.dumps(report), label="npx eslint -f json src")
    )
    found = container.use_cases.search_knowledge().search("which file has lint errors", limit=3)
    assert "customer.ts" in found.results[0].title


def test_an_install_log_answers_which_native_binary_was_used() -> None:
    lines = [
        f"npm http fetch GET 200 https://registry.npmjs.org/pkg-{n}/-/pkg-{n}-1.0.{n}.tgz 5ms"
        for n in range(60)
    ]
    lines[42] = (
        "npm http fetch GET 200 https://registry.npmjs.org/@rollup/rollup-linux-x64-gnu/-/"
        "rollup-linux-x64-gnu-4.68.9.tgz 7ms"
    )
    container = CliContainer(options=RuntimeOptions())
    container.adapters.override(MemoryAdapters(core=container.core))
    container.use_cases.index_content().execute(
        IndexRequest(content="\n".join(lines), label="npm install --loglevel http")
    )
    found = container.use_cases.search_knowledge().search("which rollup native binary", limit=3)
    assert found.results and "rollup-linux-x64-gnu-4.68.9.tgz" in found.results[0].snippet


DOCTESTS = """# Documentation tests

## Showing warnings

Warnings are hidden unless the crate sets `#![doc(test(attr(warn(unused))))]`; then they are
shown with the test's output.

## Hiding portions of the example

Setup code distracts from an example: add lines that start with `# ` and they are hidden
from the rendered output but still compiled.

## Attributes

Code blocks can be annotated with attributes that tell rustdoc how to run them.
"""


def test_a_closed_compound_finds_the_section_that_writes_it_as_two_words() -> None:
    container = CliContainer(options=RuntimeOptions())
    container.adapters.override(MemoryAdapters(core=container.core))
    container.use_cases.index_content().execute(
        IndexRequest(content=DOCTESTS, label="rustdoc/documentation-tests.md")
    )
    search = container.use_cases.search_knowledge()
    found = search.search("hide lines of a doctest", limit=3)
    assert found.results[0].title == "Documentation tests > Hiding portions of the example"
    assert search.search("doctest", limit=3).results  # the page never writes the word


@pytest.fixture
def job_logs() -> Iterator[SearchKnowledge]:
    """Ten job logs saying "timeout" and "retry" on lines of their own, ten unrelated ones,
    and a traceback that names queries only inside ``QueryCanceled``."""
    container = CliContainer(options=RuntimeOptions())
    container.adapters.override(MemoryAdapters(core=container.core))
    index = container.use_cases.index_content()
    for n in range(10):
        log = f"job {n} started\nrequest timeout after {n + 20} s\nqueued for retry by worker {n}"
        index.execute(IndexRequest(content=log, label=f"logs/job-{n}.log"))
        index.execute(IndexRequest(content=f"page {n} rendered\ncache hit", label=f"web-{n}.log"))
    traceback = "psycopg.errors.QueryCanceled: canceling statement due to statement timeout"
    index.execute(IndexRequest(content=traceback, label="trace", kind=SourceKind.EPHEMERAL))
    search = container.use_cases.search_knowledge()
    assert isinstance(search, SearchKnowledge)
    yield search


def test_partly_unknown_query_whose_best_section_holds_little_of_the_rest_is_unanswered(
    job_logs: SearchKnowledge,
) -> None:
    # "redis" is held nowhere; every job log holds "timeout" and "retry", never on one line:
    # the best section matched common words, as its nine siblings did.
    assert not job_logs.search("redis timeout retry", limit=3)
    # A line holding "request timeout" holds enough of what the query names.
    assert job_logs.search("redis request timeout retry", limit=3)
    assert job_logs.search("timeout retry", limit=3)


def test_a_word_held_in_another_inflection_is_known(job_logs: SearchKnowledge) -> None:
    # The vocabulary holds "query" (from QueryCanceled): "queries" names nothing absent.
    assert job_logs.search("queries worker", limit=3)
    assert not job_logs.search("lookups worker", limit=3)
