"""Search never answers "nothing matched" while the line the agent needs is indexed: misspelt
questions are judged as corrected, and a missing generic word never silences a question."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from application.use_cases.index_request import IndexRequest
from application.use_cases.search_knowledge import SearchKnowledge
from application.use_cases.summarise_output import SummariseOutput
from domain.search_hit import SearchScope
from domain.source_kind import ALL_KINDS, SourceKind
from entrypoints.containers.applications import CliContainer
from entrypoints.containers.memory_adapters import MemoryAdapters
from entrypoints.containers.runtime import RuntimeOptions

GUIDE = """# Deploy guide

## Database migrations

Migrations run before the new pods start. The migration lock times out after 90 seconds, so a
long migration must be split or run by hand.

## Infrastructure changes

Review the plan before applying: terraform plan shows 3 to add, 1 to change for a new region.

## Workers

Watch the worker dashboards after a deploy: when resident memory grows unbounded, restart the
pool and file a bug.

## Retries

Outbound calls retry with exponential backoff starting at 1 second, capped at 30 seconds.
"""

REQUESTS = "".join(
    f"line {i}: request handled by worker-{i % 8} in {i % 50}ms status=200\n"
    for i in range(1, 2001)
)
FATAL = "FATAL: disk quota exceeded on /var/lib/pgdata"
LOOP = (
    'for i in $(seq 1 2000); do echo "line $i: request handled by worker-$((i % 8)) in '
    f'$((i % 50))ms status=200"; done; echo "{FATAL}"'
)


@pytest.fixture
def container() -> Iterator[CliContainer]:
    container = CliContainer(options=RuntimeOptions())
    container.adapters.override(MemoryAdapters(core=container.core))
    container.use_cases.index_content().execute(
        IndexRequest(content=GUIDE, label="docs/deploy-guide.md")
    )
    yield container


@pytest.fixture
def search(container: CliContainer) -> SearchKnowledge:
    found = container.use_cases.search_knowledge()
    assert isinstance(found, SearchKnowledge)
    return found


@pytest.mark.parametrize(
    ("query", "section"),
    [
        ("migraton lokc timeuot", "Database migrations"),
        ("terrafrom pln chagnes", "Infrastructure changes"),
        ("wokrer memroy unbouned", "Workers"),
        ("retyr bakcoff cap", "Retries"),
    ],
)
def test_a_misspelt_question_finds_its_section(
    search: SearchKnowledge, query: str, section: str
) -> None:
    found = search.search(query, limit=3)
    assert found.results, f"{query!r} went silent"
    assert found.results[0].title.endswith(section)
    assert found.corrected_query


def test_a_question_about_something_nothing_holds_still_gets_nothing(
    search: SearchKnowledge,
) -> None:
    assert not search.search("kafka consumer rebalance", limit=3)


@pytest.fixture
def summarise(container: CliContainer) -> SummariseOutput:
    found = container.use_cases.summarise_output()
    assert isinstance(found, SummariseOutput)
    return found


OUTPUT = f"{REQUESTS}{FATAL}\n"
LABEL = "execute:shell:0badc0de"


@pytest.mark.parametrize("intent", ["fatal disk error", "what failed", "fatal disk", "disk quota"])
def test_an_intent_reaches_the_fatal_line_and_shows_nothing_else(
    summarise: SummariseOutput, intent: str
) -> None:
    answer = summarise.summarise(LABEL, intent, OUTPUT, LOOP)
    assert answer.matched and not answer.whole
    assert FATAL in answer.text
    # No padding: no section of ordinary request lines that matches nothing of the intent.
    assert "line 1: request" not in answer.text
    assert answer.text.count("### ") == 1


@pytest.mark.parametrize("intent", ["fatal disk error", "what failed", "fatal disk"])
def test_capy_search_answers_the_same_question_the_same_way(
    container: CliContainer, summarise: SummariseOutput, intent: str
) -> None:
    reply = summarise.summarise(LABEL, intent, OUTPUT, LOOP)
    search = container.use_cases.search_knowledge()
    scope = SearchScope(kinds=ALL_KINDS, source=LABEL, exact_source=True)
    found = search.search(intent, limit=3, scope=scope)
    assert [r.title for r in found.results] == [
        line.removeprefix("### ") for line in reply.text.splitlines() if line.startswith("### ")
    ]
    assert found.results[0].source == LABEL


def test_outcome_words_reach_the_tool_s_own_words(container: CliContainer) -> None:
    log = "".join(f"step {i}: compiled module_{i}\n" for i in range(200))
    crash = "thread 'main' panicked at src/parse.rs:42:9: index out of bounds"
    exit_line = "Process completed with exit code 2."
    index = container.use_cases.index_content()
    index.execute(IndexRequest(content=f"{log}{crash}\n", label="build", kind=SourceKind.EPHEMERAL))
    index.execute(
        IndexRequest(content=f"{log}{exit_line}\n", label="ci", kind=SourceKind.EPHEMERAL)
    )
    search = container.use_cases.search_knowledge()
    crashed = search.search("what crashed", 3, SearchScope(source="build", exact_source=True))
    assert crash in crashed.results[0].snippet
    failed = search.search("why did it fail", 3, SearchScope(source="ci", exact_source=True))
    assert exit_line in failed.results[0].snippet


def test_a_word_only_the_corrected_question_finds_counts_as_found(
    container: CliContainer,
) -> None:
    # "fnid" is "find", whose other form "Found" is the line; the label names ruff.
    lint = "".join(f"src/m{i}.py:{i}:1: E501 Line too long ({80 + i} > 79)\n" for i in range(60))
    container.use_cases.index_content().execute(
        IndexRequest(content=f"{lint}Found 187 errors.\n", label="ruff-check")
    )
    search = container.use_cases.search_knowledge()
    found = search.search("how many problems did ruff fnid", limit=3)
    assert found.results and "Found 187 errors." in found.results[0].snippet


def test_a_word_is_not_corrected_into_a_question_word_by_a_far_key(
    container: CliContainer,
) -> None:
    # "looping" is inside CrashLoopBackOff, and no typo of the question word "looking".
    rows = "".join(
        f"web-{i:<20}1/1     {'CrashLoopBackOff' if i in (9, 27) else 'Running':<19}{i % 4}\n"
        for i in range(36)
    )
    table = f"NAME                    READY   STATUS             RESTARTS\n{rows}"
    container.use_cases.index_content().execute(
        IndexRequest(content=table, label="pods", kind=SourceKind.EPHEMERAL)
    )
    search = container.use_cases.search_knowledge()
    found = search.search("pods crash looping", 3, SearchScope(source="pods", exact_source=True))
    assert found.results and "CrashLoopBackOff" in found.results[0].snippet


MAKE = """gcc -std=gnu11 -Wall -Wextra -O2 -c main.c
main.c:14:5: warning: implicit declaration of function 'csv_free_columns'
gcc -std=gnu11 -Wall -Wextra -O2 -o csvstat main.o csv.o
/usr/bin/ld: main.o: in function `main':
main.c:(.text.startup+0x9b): undefined reference to `csv_free_columns'
collect2: error: ld returned 1 exit status
make: *** [Makefile:6: csvstat] Error 1
"""

PLAN = """Terraform will perform the following actions:

  # terraform_data.replica[2] will be destroyed
  # (because index [2] is out of range for count)
  - resource "terraform_data" "replica" {
      - id = "0c1f9a7e"
    }

Plan: 0 to add, 1 to change, 1 to destroy.
"""


@pytest.mark.parametrize(
    ("output", "question", "line"),
    [
        (MAKE, "why did the link step fail", "undefined reference to `csv_free_columns'"),
        (PLAN, "why is a replica removed", "will be destroyed"),
        (PLAN, "why is a relpica removd", "will be destroyed"),
        (MAKE, "which linker error", "ld returned 1 exit status"),
    ],
)
def test_the_tool_s_word_for_what_the_agent_asks_about_answers(
    container: CliContainer, output: str, question: str, line: str
) -> None:
    """gcc's linker is ``ld``; Terraform destroys what an agent calls removed."""
    container.use_cases.index_content().execute(
        IndexRequest(content=output, label="run", kind=SourceKind.EPHEMERAL)
    )
    search = container.use_cases.search_knowledge()
    found = search.search(question, 3, SearchScope(source="run", exact_source=True))
    assert found.results and line in found.results[0].content


@pytest.mark.parametrize("generic", ["error", "problem", "issue", "what failed"])
def test_a_generic_word_added_to_a_question_keeps_its_answer_first(
    container: CliContainer, search: SearchKnowledge, generic: str
) -> None:
    container.use_cases.index_content().execute(
        IndexRequest(
            content="# Error budget\n\nEvery worker error is paged; the memory of past "
            "failures is the on-call issue log, a problem list reviewed weekly.\n",
            label="docs/error-budget.md",
        )
    )
    asked = search.search("worker memory unbounded", limit=3)
    padded = search.search(f"worker memory unbounded {generic}", limit=3)
    assert asked.results[0].title.endswith("Workers")
    assert padded.results[0].title == asked.results[0].title


def test_a_misspelt_name_the_text_holds_only_inside_longer_words_answers(
    container: CliContainer, search: SearchKnowledge
) -> None:
    container.use_cases.index_content().execute(
        IndexRequest(
            content="org.springframework.dao.DataIntegrityViolationException: duplicate key "
            'value violates unique constraint "users_email_key"\n',
            label="logs/api.log",
        )
    )
    for typed in ("DataItnegrityViolation", "DataIntegrjtyViolation"):
        found = search.search(typed, limit=3)
        assert found.results, typed
        assert "users_email_key" in found.results[0].content


PLAN = """Terraform will perform the following actions:

  # aws_sqs_queue.invoices_dlq will be updated in-place
  ~ resource "aws_sqs_queue" "invoices_dlq" {
      ~ retention_days = 4 -> 14
        name           = "invoices-dlq"
    }

  # aws_sqs_queue.invoices will be updated in-place
  ~ resource "aws_sqs_queue" "invoices" {
      ~ visibility_timeout = 30 -> 60
    }

Plan: 0 to add, 2 to change, 0 to destroy.
"""


@pytest.mark.parametrize(
    "question",
    [
        "retention change on the dead letter queue",
        "retention change on the dead lettr queue",  # a typo inside the run as well
        "dead letter queue retention",
    ],
)
def test_words_the_output_writes_as_their_initials_answer(
    container: CliContainer, search: SearchKnowledge, question: str
) -> None:
    """``dead letter queue`` is the ``dlq`` of ``invoices_dlq``: the question is answered."""
    container.use_cases.index_content().execute(IndexRequest(content=PLAN, label="plan.txt"))
    found = search.search(question, 3)
    assert found.results, question
    assert "retention_days = 4 -> 14" in found.results[0].content
    assert found.corrected_query is not None and "dlq" in found.corrected_query.split()


def test_initials_of_words_the_text_holds_nowhere_do_not_answer(
    container: CliContainer, search: SearchKnowledge
) -> None:
    """The run must spell a word the text holds: ``dead letter topic`` (``dlt``) stays unknown."""
    container.use_cases.index_content().execute(IndexRequest(content=PLAN, label="plan.txt"))
    assert not search.search("dead letter topic retention", 3).results


def test_initials_the_text_writes_only_as_a_word_of_prose_are_no_abbreviation(
    container: CliContainer, search: SearchKnowledge
) -> None:
    """``row`` of "every row of the export" is no abbreviation of "rotated oldest writes"."""
    container.use_cases.index_content().execute(
        IndexRequest(content="Every row of the export is one order.\n", label="export.txt")
    )
    found = search.search("rotated oldest writes", 3)
    assert found.corrected_query is None or "row" not in found.corrected_query.split()
    assert not found.results


TROUBLESHOOTING = """# quill

## Troubleshooting

### `Error: connect ECONNREFUSED 127.0.0.1:3306`

The database is not reachable from the app container: start it with `docker compose up db`.

### `Error: listen EADDRINUSE :::8080`

Another process holds the port; stop it or set `PORT`.

## Configuration

All settings come from environment variables; a `.env` file in the working directory is read.
"""


def test_a_misspelt_name_the_substrings_already_found_answers(
    container: CliContainer, search: SearchKnowledge
) -> None:
    """The substrings layer finds ``ECONNREFUSED`` for ``ECONNREFUED`` before any correction,
    so the corrected question finds nothing more: the name is still a misspelling, not a
    thing nothing indexed holds."""
    container.use_cases.index_content().execute(
        IndexRequest(content=TROUBLESHOOTING, label="docs/quill.md")
    )
    found = search.search("Error: connect ECONNREFUED 127.0.0.1:3306", limit=3)
    assert found.results
    assert "ECONNREFUSED" in found.results[0].content


GO_TEST = """=== RUN   TestParseRate
--- PASS: TestParseRate (0.00s)
=== RUN   TestWindow
--- FAIL: TestWindow (0.00s)
panic: runtime error: index out of range [3] with length 3 [recovered]
FAIL\tratelimit\t0.004s
"""

ETL_NOTES = """# Nightly export

The ETL job sets lang=en before the export so dates are written the same way.

## Schedule

It runs at 02:00 and writes one file per customer.
"""


def test_a_three_letter_slip_is_corrected_to_the_word_the_text_holds(
    container: CliContainer, search: SearchKnowledge
) -> None:
    container.use_cases.index_content().execute(IndexRequest(content=GO_TEST, label="go-test"))
    found = search.search("which go tet failed", limit=3)
    assert found.results and "--- FAIL: TestWindow" in found.results[0].content


def test_a_three_letter_word_read_as_another_is_no_sure_correction(
    container: CliContainer, search: SearchKnowledge
) -> None:
    """``lag`` is one dropped letter from ``lang``, which the text holds; a word that short is as
    often another word, so the question about a consumer's lag is judged unknown as before."""
    container.use_cases.index_content().execute(IndexRequest(content=ETL_NOTES, label="etl.md"))
    assert not search.search("Kafka consumer lag in the ETL", limit=3).results


PLAN_JSON = """{
  "format_version": "1.2",
  "terraform_version": "1.9.8",
  "planned_values": {"root_module": {"resources": [{"address": "terraform_data.queue"}]}},
  "resource_changes": [
    {"address": "terraform_data.queue", "change": {"actions": ["create"]}}
  ],
  "applyable": true,
  "complete": true,
  "errored": false
}
"""


def test_a_question_whether_something_can_be_applied_reaches_applyable(
    container: CliContainer, search: SearchKnowledge
) -> None:
    container.use_cases.index_content().execute(
        IndexRequest(content=PLAN_JSON, label="plan.json", content_type="application/json")
    )
    found = search.search("can this plan be applied", 3, SearchScope(source="plan.json"))
    assert found.results and '"applyable": true' in found.results[0].content


RATES = """\
        -:    4:/* VAT in basis points by country code. */
        3:    5:int vat_rate(const char *country) {
        3:    6:    if (strcmp(country, "DE") == 0)
        2:    7:        return 1900;
    #####:   10:    if (strcmp(country, "LU") == 0)
    #####:   11:        return 1700;
    #####:   12:    return -1;
"""


def test_a_country_the_output_names_by_its_code_answers(
    container: CliContainer, search: SearchKnowledge
) -> None:
    """``"LU"`` is how the code names Luxembourg: the name alone does not silence the question."""
    container.use_cases.index_content().execute(IndexRequest(content=RATES, label="rates.c.gcov"))
    found = search.search("is the Luxembourg VAT rate ever returned", 3)
    assert found.results
    assert "return 1700;" in found.results[0].content


def test_a_name_no_code_of_the_output_stands_for_still_gets_nothing(
    container: CliContainer, search: SearchKnowledge
) -> None:
    """Neither ``NO`` nor ``NOR`` stands alone in the text: Norway names nothing it holds."""
    container.use_cases.index_content().execute(IndexRequest(content=RATES, label="rates.c.gcov"))
    assert not search.search("is the Norway VAT rate ever returned", 3).results


HYPERFINE = """\
Benchmark 1: gzip-6
  Time (mean ± σ):     167.5 ms ±  19.4 ms    [User: 50.1 ms, System: 0.7 ms]
Benchmark 2: zstd-3
  Time (mean ± σ):      21.6 ms ±   5.5 ms    [User: 4.4 ms, System: 1.9 ms]
Summary
  'zstd-3' ran
    7.77 ± 2.16 times faster than 'gzip-6'
"""


def test_a_question_for_the_fastest_reaches_the_summary_that_says_faster(
    container: CliContainer, search: SearchKnowledge
) -> None:
    """A benchmark names its winner by comparing, never with the superlative asked with."""
    container.use_cases.index_content().execute(
        IndexRequest(content=HYPERFINE, label="hyperfine.txt")
    )
    found = search.search("which compressor was fastest in the benchmark", 3)
    assert found.results and "times faster than" in found.results[0].content
