"""What the agent reads for a search's results: capy_search's reply and an execute tool's
intent reply, built alike."""

from __future__ import annotations

import attrs

from domain.chunking.limits import TITLE_MAX_BYTES
from domain.search import reply_tuning
from domain.search.reply import intent_reply, intent_reply_bound, results_block, worth_showing
from domain.search.results import SearchResult, SearchResults
from domain.search.snippet import extract_snippet
from domain.source_kind import SourceKind

OUTPUT = "line one\nline two\n" * 600


def _result(
    rank: int, title: str, snippet: str, score: float, source: str = "docs"
) -> SearchResult:
    return SearchResult(
        rank=rank,
        source=source,
        kind=SourceKind.DURABLE,
        title=title,
        content=snippet,
        snippet=snippet,
        score=score,
        layer="words",
        chunk_id=rank,
        source_id=1,
    )


def test_search_reply_names_a_source_once_for_each_run_of_its_results() -> None:
    results = SearchResults(
        "retry policy",
        (
            _result(1, "Retry", "retries 3 times", 1.0, "client-docs"),
            _result(2, "Backoff", "doubles the wait", 0.8, "client-docs"),
            _result(3, "Retries", "server side", 0.5, "server-docs"),
        ),
    )
    assert results_block(results) == (
        "## retry policy\n\n"
        "--- [client-docs] ---\n### Retry\n\nretries 3 times\n\n"
        "### Backoff\n\ndoubles the wait\n\n"
        "--- [server-docs] ---\n### Retries\n\nserver side"
    )
    assert results_block(SearchResults("zebra")) == "## zebra\nNo results found."


def test_results_far_weaker_than_the_best_are_not_shown() -> None:
    strong, close, weak = (
        _result(1, "a", "x", 2.0),
        _result(2, "b", "y", 1.5),
        _result(3, "c", "z", 0.1),
    )
    assert worth_showing([strong, close, weak], "q") == [strong, close]
    assert "### c" not in results_block(SearchResults("q", (strong, close, weak)))
    assert worth_showing([], "q") == []


def test_a_weaker_result_tallying_the_outcome_a_count_question_names_is_shown() -> None:
    run = _result(1, "$ node --test", "not ok 2 - row after Z\nerror: '1 subtest failed'", 1.0)
    tally = _result(2, "# Subtest: booking flow", "# pass 3\n# fail 4\n# cancelled 0", 0.18)
    other = _result(3, "# Subtest: matinee", "error: 'unknown seat kind'", 0.1)
    asked = "how many tests failed in the node tap run"
    assert worth_showing([run, tally, other], asked) == [run, tally]
    assert "# fail 4" in results_block(SearchResults(asked, (run, tally, other)))
    # not asked for a count; a count of something else; a count not written as a tally
    assert worth_showing([run, tally], "which tests failed in the node tap run") == [run]
    assert worth_showing([run, tally], "how many seats are booked") == [run]
    counted = _result(2, "summary", "4 tests failed", 0.18)
    assert worth_showing([run, counted], asked) == [run]


def test_intent_reply_shows_the_matches_as_search_does_under_one_source_line() -> None:
    results = SearchResults(
        "order total rounding",
        (
            _result(1, "FAILURES > test_order_total_rounding", "E  assert 71.37 == 71.36", 1.0),
            _result(2, "Summary", "2 failed, 10 passed", 0.6),
        ),
    )
    text = intent_reply(
        results, source="execute:shell:1a2b3c4d", sections=12, output=OUTPUT, terms=["decimal"]
    )
    lines = text.splitlines()
    assert lines[0] == (
        "Indexed 12 sections (1201 lines, 10.5KB). The best 2 sections for the intent:"
    )
    assert "### FAILURES > test_order_total_rounding" in lines
    assert "E  assert 71.37 == 71.36" in lines and "2 failed, 10 passed" in lines
    assert "--- [" not in text  # every match comes from the one source named below
    assert text.count("execute:shell:1a2b3c4d") == 1
    assert "order total rounding" not in text  # the agent just wrote its intent
    assert "decimal" not in text  # terms only help when nothing matched
    assert lines[-1] == 'More: capy_search(queries: [...], source: "execute:shell:1a2b3c4d")'


def test_intent_reply_without_matches_offers_the_outputs_distinctive_terms() -> None:
    text = intent_reply(
        SearchResults("oom"),
        source="file:app.log:1a2b3c4d",
        sections=1,
        output="x\n",
        terms=["cus_8812", "108", "decimal"],
    )
    assert text.startswith("Indexed 1 section (2 lines, 0.0KB).")
    assert "No section matched the intent." in text
    assert "Its distinctive terms: cus_8812, decimal" in text
    assert text.endswith('capy_search(queries: [...], source: "file:app.log:1a2b3c4d")')
    bare = intent_reply(SearchResults("oom"), source="s", sections=2, output="", terms=["1"])
    assert "distinctive" not in bare


def test_a_reply_suggests_only_the_most_distinctive_terms() -> None:
    terms = [f"name_{chr(97 + i)}" for i in range(26)]
    text = intent_reply(SearchResults("oom"), source="s", sections=9, output="x\n", terms=terms)
    line = next(x for x in text.splitlines() if x.startswith("Its distinctive terms: "))
    assert (
        line.count(",") == reply_tuning.REPLY_TERMS - 1
        and "name_a" in line
        and "name_z" not in line
    )


DOCKER_PS = """\
CONTAINER ID   IMAGE                     STATUS                      NAMES
ff9d7e0d8770   postgres:16.3             Exited (137) 12 minutes ago shop-db-1
f0f3e2f047cb   ghcr.io/acme/shop-api:2   Up 2 minutes (unhealthy)    shop-api-1
a49078040ee9   grafana/grafana:11.1.0    Up 3 hours                  shop-grafana-1
99329f7f6e4f   nginx:1.25.4              Up 2 minutes (unhealthy)    billing-web-1
"""


def test_intent_reply_over_a_table_shows_its_header_and_the_matching_rows() -> None:
    rows = DOCKER_PS.splitlines()
    section = "\n".join(rows[1:])
    results = SearchResults("unhealthy containers", (_result(1, rows[1][:40], section, 1.0),))
    text = intent_reply(results, source="execute:shell:1a2b3c4d", sections=1, output=DOCKER_PS)
    lines = text.splitlines()
    assert lines[0].endswith("The rows of its table that match the intent:")
    assert lines[2].split() == ["CONTAINER", "ID", "IMAGE", "STATUS", "NAMES"]
    shown = [line for line in lines[3:-2] if line != "…"]
    assert [line.split()[0] for line in shown] == ["f0f3e2f047cb", "99329f7f6e4f"]
    assert "grafana" not in text  # a row beside a match explains nothing about it
    assert lines[-1] == 'More: capy_search(queries: [...], source: "execute:shell:1a2b3c4d")'


def test_intent_reply_names_a_title_shared_by_consecutive_matches_once() -> None:
    results = SearchResults(
        "mypy errors",
        (
            _result(1, "$ mypy --strict .", "a.py:1: error: missing annotation", 1.0),
            _result(2, "$ mypy --strict .", "b.py:2: error: untyped call", 0.9),
        ),
    )
    text = intent_reply(results, source="s", sections=4, output=OUTPUT)
    assert text.count("### $ mypy --strict .") == 1
    assert "a.py:1: error: missing annotation\n…\nb.py:2: error: untyped call" in text


def test_no_intent_reply_is_bigger_than_its_bound() -> None:
    content = "\n".join(f"row {i} error timeout on shard {i}" for i in range(400))
    budgets = (reply_tuning.SNIPPET_MAX_BYTES, reply_tuning.LATER_SNIPPET_MAX_BYTES)
    results = SearchResults(
        "error timeout shard",
        tuple(
            _result(
                rank,
                f"{rank}" * TITLE_MAX_BYTES,
                extract_snippet(content, "error timeout shard", max_bytes=budgets[rank > 1]),
                1.0,
            )
            for rank in (1, 2, 3)
        ),
    )
    bound = intent_reply_bound("execute:shell:1a2b3c4d", 400, content)
    text = intent_reply(results, source="execute:shell:1a2b3c4d", sections=400, output=content)
    assert len(text.encode()) <= bound


def test_a_line_a_neighbouring_section_showed_is_not_shown_again() -> None:
    shared = "Successfully uninstalled urllib3-2.8.0"
    first = _result(1, "Uninstalling urllib3", f"{shared}\nSuccessfully installed botocore", 1.0)
    neighbour = _result(2, "Collecting urllib3<2", f"Installing urllib3, six\n{shared}", 0.9)
    far = attrs.evolve(_result(3, "Summary", f"{shared}\nDone", 0.8), chunk_id=9)
    text = intent_reply(
        SearchResults("urllib3", (first, neighbour, far)), source="s", sections=9, output=OUTPUT
    )
    body = text.split("### Collecting urllib3<2\n\n", 1)[1]
    assert body.startswith("Installing urllib3, six\n\n###")  # the shared edge line, once
    assert text.count(shared) == 2  # a section elsewhere says it again on its own


def test_search_shows_a_line_a_neighbouring_section_showed_once_as_well() -> None:
    shared = "Successfully uninstalled urllib3-2.8.0"
    first = _result(1, "Uninstalling urllib3", f"{shared}\nSuccessfully installed botocore", 1.0)
    neighbour = _result(2, "Collecting urllib3<2", f"Installing urllib3, six\n{shared}", 0.9)
    far = attrs.evolve(_result(3, "Summary", f"{shared}\nDone", 0.8), chunk_id=9)
    echo = attrs.evolve(_result(4, "Echo", shared, 0.8), chunk_id=10)
    text = results_block(SearchResults("urllib3", (first, neighbour, far, echo)))
    assert "### Collecting urllib3<2\n\nInstalling urllib3, six\n\n###" in text
    assert text.count(shared) == 2  # a section elsewhere says it again on its own
    assert "### Echo" not in text  # nothing its neighbour had not shown


def test_search_keeps_a_shared_line_of_sections_from_different_sources() -> None:
    shared = "Successfully uninstalled urllib3-2.8.0"
    first = _result(1, "Uninstalling urllib3", shared, 1.0)
    other = _result(2, "Uninstalling urllib3", shared, 0.9, source="execute:shell:1a2b3c4d")
    other = attrs.evolve(other, source_id=first.source_id + 1)
    text = results_block(SearchResults("urllib3", (first, other)))
    assert text.count(shared) == 2
