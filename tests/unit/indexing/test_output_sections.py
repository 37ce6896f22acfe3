"""Output too big for one chunk is cut where its tool marks sections, each titled by them."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from domain.chunking import MAX_CHUNK_BYTES, chunk, output_headers
from domain.chunking.outcome_titles import outcome_title
from domain.chunking.output_headers import Header, _commented, _header, _summary, find_headers
from domain.chunking.utf8 import byte_len
from domain.content_type import ContentType

FILLER = "\n".join(f"    frame {i}: " + "x" * 60 for i in range(14))


def _pytest_run() -> str:
    tests = "\n".join(
        f"tests/test_cart.py::test_case_{i} {'FAILED' if i % 9 == 0 else 'PASSED'}"
        for i in range(40)
    )
    failures = "\n".join(
        f"{'_' * 20} test_case_{i} {'_' * 20}\n{FILLER}\nE       AssertionError: assert {i} == 0"
        for i in range(0, 40, 9)
    )
    return (
        f"{'=' * 20} test session starts {'=' * 20}\n{tests}\n"
        f"{'=' * 20} FAILURES {'=' * 20}\n{failures}\n"
        f"{'=' * 10} 5 failed, 35 passed in 0.10s {'=' * 10}\n"
    )


def titles(text: str) -> list[str]:
    return [c.title for c in chunk(text, ContentType.PLAINTEXT)]


def test_a_test_run_is_cut_into_its_reports_and_each_failure() -> None:
    chunks = chunk(_pytest_run(), ContentType.PLAINTEXT)
    found = [c.title for c in chunks]
    assert "FAILURES > test_case_9" in found
    assert "5 failed, 35 passed in 0.10s" in found
    failure = next(c for c in chunks if c.title == "FAILURES > test_case_9")
    assert "AssertionError: assert 9 == 0" in failure.content
    assert "test_case_18" not in failure.content
    # The empty "FAILURES" header rides on the first failure's chunk.
    first = next(c for c in chunks if c.title == "FAILURES > test_case_0")
    assert first.content.startswith("=" * 20 + " FAILURES")
    assert all(byte_len(c.content) <= MAX_CHUNK_BYTES for c in chunks)


def test_a_window_of_test_results_is_titled_by_its_outcomes() -> None:
    window = "\n".join(
        [
            "tests/a.py::test_one PASSED",
            "tests/a.py::test_two FAILED",
            "tests/a.py::test_live SKIPPED (no network)",
            "tests/a.py::test_zone XFAIL (not launched)",
            "tests/a.py::test_three PASSED",
        ]
    )
    assert outcome_title(window) == (
        "FAILED ×1, XFAIL expected failure ×1 (test_zone), SKIPPED ×1 (test_live), PASSED ×2"
    )
    assert outcome_title("just\nsome\nlines") is None


def test_git_log_is_cut_into_commits_titled_by_their_subjects() -> None:
    commits = "\n".join(
        f"commit {i:040x}\nAuthor: A <a@example.test>\nDate:   Wed Dec 2 18:0{i % 10}:00 2026\n\n"
        f"    Subject number {i}\n\n    {'body ' * 80}\n\n src/file_{i}.py | 3 ++-\n"
        for i in range(1, 13)
    )
    found = titles(commits)
    assert found[0] == "commit 0000000: Subject number 1"
    assert len(found) == 12


def test_a_diff_is_cut_by_file_and_a_big_file_by_hunk() -> None:
    small = "diff --git a/small.py b/small.py\n@@ -1,2 +1,2 @@\n-a = 1\n+a = 2\n"
    hunks = "\n".join(
        f"@@ -{i * 40},30 +{i * 40},30 @@ def function_{i}():\n"
        + "\n".join(f"+    line_{i}_{j} = {j}  # " + "y" * 50 for j in range(30))
        for i in range(4)
    )
    big = f"diff --git a/big.py b/big.py\nindex 1..2 100644\n--- a/big.py\n+++ b/big.py\n{hunks}\n"
    found = titles(small + big + small.replace("small", "other"))
    assert found[0] == "small.py"
    assert "big.py > def function_2():" in found
    assert found[-1] == "other.py"


def test_commands_of_a_session_and_their_closing_counts() -> None:
    mypy = "\n".join(f"pricing.py:{i}: error: Missing type  [type-arg]" for i in range(120))
    tsc = "\n".join(
        f"src/report.ts({i},3): error TS2532: Object is possibly 'undefined'." for i in range(50)
    )
    text = f"$ npx tsc -p .\n{tsc}\n\n$ mypy --strict .\n{mypy}\n\nFound 120 errors in 1 file\n"
    found = titles(text)
    assert found[0] == "$ npx tsc -p ."
    assert "$ mypy --strict . > Summary: Found 120 errors in 1 file" in found


def test_diagnostics_with_a_location_line_are_records() -> None:
    diagnostic = "{code} Something is wrong here\n --> src/{code}.py:1:1\n  |\n1 | x = 1\n  |   ^\n"
    text = "\n".join(diagnostic.format(code=f"E{i:03d}") + "    " + "z" * 200 for i in range(20))
    found = titles(text)
    assert "E007 Something is wrong here (src/E007.py:1:1)" in found


def test_output_without_headers_is_chunked_as_before() -> None:
    text = "\n".join(f"line {i}" for i in range(1, 51))
    assert titles(text) == ["line 1", "line 21", "line 41"]


def test_the_rule_under_a_tables_header_row_does_not_cut_the_table() -> None:
    rows = "\n".join(f" col_{i:<7} | integer | not null | plain" for i in range(40))
    tables = "\n\n".join(
        f'{" " * 30}Table "public.{name}"\n Column     |  Type   | Nullable | Storage\n'
        f"------------+---------+----------+---------\n{rows}"
        for name in ("orders", "customers", "items")
    )
    chunks = chunk(tables, ContentType.PLAINTEXT)
    assert all(not c.title.startswith("col_") for c in chunks)
    assert chunks[0].title == 'Table "public.orders"'
    assert all("Column" in c.content for c in chunks)  # each table keeps its header row


def test_a_framed_first_line_titles_its_chunk_by_what_it_says() -> None:
    lines = [f"{'=' * 20} dependency report {'=' * 20}"]
    lines += [f"resolved package_{i} from the lock file" for i in range(30)]
    assert titles("\n".join(lines))[0] == "dependency report"


# Pieces of prompts, paths and log lines, with their near-misses.
_LINE_PIECES = [
    "$",
    " ",
    "\t",
    "\u00a0",
    "=",
    "=>",
    "=#",
    "> ",
    "# ",
    "psql",
    "db=",
    "req=",
    "a.b-c",
    "/",
    "./",
    "../",
    "src/app.py",
    ".py",
    "@",
    "x",
    "é",
    "9",
]
_LINES = st.lists(st.sampled_from(_LINE_PIECES), max_size=24).map("".join)


@settings(max_examples=500, deadline=None)
@given(_LINES)
def test_the_prompt_and_file_prechecks_pass_every_line_the_patterns_match(line: str) -> None:
    first = output_headers._first_character(line)
    assert first == line.lstrip()[:1]
    if first and (first == "$" or "=" in line[:40]) and output_headers._PROMPT.match(line):
        assert output_headers._may_be_a_prompt(line, first)
    if output_headers._FILE.match(line):
        assert " " not in line


def test_a_prompt_after_a_long_name_is_left_as_it_was() -> None:
    """The prompt is tried only when its ``=`` is in the first 40 characters, as before."""
    assert not output_headers._may_be_a_prompt("x" * 40 + "=> select 1;", "x")
    assert output_headers._may_be_a_prompt("shop=> select 1;", "s")
    assert output_headers._may_be_a_prompt("shop=# select 1;", "s")
    assert not output_headers._may_be_a_prompt("req=1 shop=> select 1;", "r")


def _every_line_asked(lines: list[str]) -> list[Header]:
    """``find_headers`` with ``_header`` asked of every line, as it was."""
    headers: list[Header] = []
    after_text = False
    for number, line in enumerate(lines):
        header = _header(lines, number) or (None if after_text else _summary(lines, number))
        after_text = line != "" and not line.isspace()
        if header is not None:
            headers.append(_commented(lines, header, headers))
    return headers


_HEADER_LIKE = [
    "commit 3a2c36f0",
    "commitx 3a2c36f0",
    "diff --git a/x.py b/x.py",
    "PASS src/a.test.js",
    "FAIL src/b.test.js",
    "PASSED x",
    "$ pytest -q",
    "shop=# SELECT 1;",
    "shop=> SELECT 1;",
    "a_long_name_of_forty_characters_or_more_x=# x",
    "req=1 path=/x",
    "error[E0425]: cannot find value",
    "  --> src/main.rs:3:5",
    "-->",
    "/src/customer.ts",
    "src/a/b.py",
    "  21:3  error  Unexpected any",
    "=== FAILURES ===",
    "____ test_total ____",
    "⎯⎯⎯ Failed Tests 2 ⎯⎯⎯",
    "@@ -1,2 +1,3 @@ def f",
    "  ● totals › net total",
    "Found 3 errors in 2 files",
    "Tests: 5 failed, 29 passed",
    "-- the name",
    "# the name",
    "[auth] step 3 at 2025-06-17",
    "retry id=db45cca0",
    "2025-06-14T00:00:02Z DEBUG req=dc15409c38f2 cache miss",
    "2025-06-14T00:00:02Z DEBUG req=> x",
    "req=1 shop=> select 1;",
    "shop=>  select 1;",
    "a=b=> c",
    "x" * 39 + "=# y",
    "x" * 40 + "=# y",
    "",
    "   ",
    "\t",
    "\x0cx",
    "x",
    "/src/customer.ts\n  21:3  error  Unexpected any",
    "error[E0425]: cannot find value\n  --> src/main.rs:3:5",
    "\n".join(["ok"] * 5 + ["Found 3 errors in 2 files"]),
    "\n".join(["ok"] * 6 + ["Found 3 errors in 2 files"]),
    "\n$ make\nok",
    "\n".join(["ok"] * 5 + ["Found 3 errors in 2 files", "$ make"]),
]


@given(
    st.lists(
        st.one_of(
            st.sampled_from(_HEADER_LIKE), st.text(alphabet="ab $=#>-/:.\t●c@P", max_size=50)
        ),
        max_size=40,
    )
)
def test_lines_spared_the_header_checks_are_none(blocks: list[str]) -> None:
    lines = "\n".join(blocks).split("\n")
    assert find_headers(lines) == _every_line_asked(lines)


def test_a_summary_is_read_no_further_than_one_line_past_its_longest() -> None:
    six = ["", *["ok"] * 5, "Found 3 errors in 2 files", "", "$ make"]
    seven = ["", *["ok"] * 5, "Found 3 errors in 2 files", "$ make"]
    assert _summary(six, 1) is not None
    assert _summary(seven, 1) is None
