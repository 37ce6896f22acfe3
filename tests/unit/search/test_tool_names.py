"""An output is found by the name of the tool that printed it, when a line only that tool prints
shows it: agents say "cargo", "vitest", "jest"; the tools rarely print their own names."""

from __future__ import annotations

from domain.chunking.dispatch import chunk
from domain.content_type import ContentType
from domain.search.tool_names import END_CHARACTERS, tool_facts
from domain.search_hit import SearchScope
from domain.source_kind import ALL_KINDS
from tests.support.searched_outputs import search_over

EVERY_KIND = SearchScope(kinds=ALL_KINDS, kinds_explicit=True)

# cargo build of a crate that does not compile: cargo never writes its own name.
CARGO_BUILD = """\
   Compiling serde v1.0.203
   Compiling ferrite-core v0.4.0 (/src/ferrite/crates/core)
error[E0425]: cannot find value `MAX_SEGMENT_BYTES` in this scope
  --> crates/core/src/segment.rs:57:22
   |
57 |         if size >= MAX_SEGMENT_BYTES {
   |                    ^^^^^^^^^^^^^^^^^ not found in this scope

Some errors have detailed explanations: E0308, E0425, E0502, E0599.
For more information about an error, try `rustc --explain E0308`.
warning: `ferrite-core` (lib) generated 2 warnings
error: could not compile `ferrite-core` (lib) due to 4 previous errors; 2 warnings emitted
"""
# An application's log whose error lines name a report.
APP_LOG = """\
10:01:07 INFO  GET /api/v2/reports/sales 200 81ms
10:01:09 ERROR GET /api/v2/reports/sales failed: report generator timed out
10:01:12 ERROR report export errors: 2 rows skipped
10:01:15 INFO  GET /api/v2/reports/daily 200 64ms
"""


def test_a_line_only_one_tool_prints_names_it() -> None:
    assert tool_facts(CARGO_BUILD) == "cargo rust"  # it says "rustc" itself
    assert tool_facts("      Tests  5 failed | 29 passed (34)\n Test Files  6 failed (6)\n") == (
        "vitest"
    )
    assert tool_facts("Test Suites: 3 failed, 3 total\nTests:       5 failed, 34 total\n") == (
        "jest"
    )
    assert tool_facts("==== test session starts ====\nplatform linux\n") == "pytest python"
    assert tool_facts("=== RUN   TestParse\n--- FAIL: TestParse (0.00s)\n") == "go golang"
    assert tool_facts("src/a.ts(3,7): error TS2322: Type 'string' is not assignable") == (
        "tsc typescript"
    )
    assert tool_facts("Found 3 errors in 2 files (checked 10 source files)") == "mypy"
    assert tool_facts("\u2716 5 problems (5 errors, 0 warnings)") == "eslint"
    assert tool_facts("Found 187 errors.\n[*] 19 fixable with `--fix` (33 unsafe fixes)") == (
        "ruff"
    )
    assert tool_facts("BUILD FAILED in 4s\n3 actionable tasks: 3 executed") == "gradle"
    assert tool_facts("[INFO] BUILD FAILURE\n[INFO] Total time: 2.1 s") == "maven mvn"


def test_words_that_are_no_tools_sign_name_no_tool() -> None:
    assert tool_facts(APP_LOG) == ""
    assert tool_facts("the build failed in CI; tests: 3 failed\nrun the suites again") == ""
    # eslint and ruff both offer ``--fix``; only ruff counts what it can fix with ``[*]``.
    assert tool_facts("2 errors potentially fixable with the `--fix` option.") == ""


def test_a_tool_the_output_names_is_not_said_again() -> None:
    assert tool_facts("cargo test\n    Finished `test` profile [unoptimized] in 0.8s") == (
        "rust rustc"
    )
    # "go" is left out only when the output writes it as a word, not inside "going".
    assert tool_facts("going on\n--- PASS: TestA (0.00s)\n") == "go golang"
    assert tool_facts("go test ./...\n--- PASS: TestA (0.00s)\n") == "golang"


def test_only_the_ends_of_a_long_output_are_read() -> None:
    filler = "GET /health 200 1ms\n" * (3 * END_CHARACTERS // 20)
    assert tool_facts(filler + "BUILD FAILED in 4s\n") == "gradle"
    assert tool_facts("BUILD FAILED in 4s\n" + filler) == "gradle"
    assert tool_facts(filler + "BUILD FAILED in 4s\n" + filler) == ""


def test_every_section_of_an_output_carries_its_tools_name() -> None:
    long_build = "   Compiling serde v1.0.203\n" * 400 + CARGO_BUILD
    chunks = chunk(long_build, ContentType.PLAINTEXT)
    assert len(chunks) > 1
    assert all("cargo" in piece.facts.split() for piece in chunks)
    assert all("cargo" not in piece.facts for piece in chunk(APP_LOG, ContentType.PLAINTEXT))


def test_a_question_naming_the_tool_finds_its_output() -> None:
    """ "cargo errors" went silent: "cargo" is nowhere in what was indexed and weighs the most a
    word can, so the application's log holding "errors" could not answer, and cargo's output
    was never asked."""
    search = search_over({"app.log": APP_LOG, "build": CARGO_BUILD})
    found = search.search("cargo errors", 3, EVERY_KIND)
    assert [result.source for result in found.results][:1] == ["build"]
    counted = search.search("how many errors did cargo report", 3, EVERY_KIND)
    assert "build" in [result.source for result in counted.results]
