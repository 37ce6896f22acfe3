"""Failures read from the output of runs their host reported as passing."""

from __future__ import annotations

import pytest

from domain.continuity.failures import error_line, names_an_exception
from domain.continuity.output_failures import (
    LINE_CHARS,
    MAX_FAILURES,
    failing_files,
    reported_failures,
)
from domain.continuity.state import fold
from domain.continuity.tool_facts import tool_events
from domain.hooks.tool_call import ToolCall, ToolOutcome

PYTEST = """....F.
=================================== FAILURES ===================================
_____________________________ test_rerun_is_noop _____________________________
E       AssertionError: 2 != 1
tests/test_reconcile.py:14: AssertionError
=========================== short test summary info ============================
FAILED tests/test_reconcile.py::test_rerun_is_noop - AssertionError: 2 != 1
1 failed, 5 passed in 0.31s"""
UNITTEST = """F.
======================================================================
FAIL: test_total (shop.tests.CartTests.test_total)
----------------------------------------------------------------------
Traceback (most recent call last):
  File "shop/tests.py", line 9, in test_total
AssertionError: 9 != 10
----------------------------------------------------------------------
FAILED (failures=1)"""

REPORTS = [
    ("pytest", PYTEST, "FAILED tests/test_reconcile.py::test_rerun_is_noop - AssertionError: 2 != 1"),
    ("pytest without reason", "FAILED tests/a.py::test_b\nE   KeyError: 'x'", "test_b - KeyError"),
    ("pytest -v", "tests/a.py::test_b FAILED  [ 50%]\nE  ValueError: bad", "FAILED tests/a.py::test_b"),
    ("unittest", UNITTEST, "FAIL shop.tests.CartTests.test_total - AssertionError: 9 != 10"),
    ("go test", "--- FAIL: TestParse (0.00s)\n    parse_test.go:12: got 2, want 1\nFAIL",
     "FAIL TestParse - parse_test.go:12: got 2, want 1"),
    ("cargo test", "test tests::subtracts ... FAILED\ntest result: FAILED.", "FAIL tests::subtracts"),
    ("jest", "FAIL src/cart.test.ts\n  ● Cart › adds tax\n\n    expect(received).toBe(10)",
     "FAIL Cart › adds tax - expect(received).toBe(10)"),
    ("vitest", " FAIL  src/cart.test.ts > Cart > adds tax", "FAIL src/cart.test.ts > Cart > adds tax"),
    ("rustc", "error[E0308]: mismatched types\n --> src/main.rs:4:18\n  |",
     "src/main.rs:4:18: error[E0308]: mismatched types"),
    ("gcc", "main.c:5:3: error: 'x' undeclared\nmain.c:2:1: warning: unused", "main.c:5:3: error: 'x'"),
    ("javac", "A.java:3: error: cannot find symbol", "A.java:3: error: cannot find symbol"),
    ("go build", "./main.go:5:2: undefined: foo", "./main.go:5:2: undefined: foo"),
    ("tsc", "src/a.ts(3,7): error TS2322: Type 'string' is not assignable", "src/a.ts(3,7)"),
    ("tsc pretty", "src/a.ts:3:7 - error TS2322: Type 'string' is bad", "src/a.ts:3:7 - error TS2322"),
    ("mypy", "src/x.py:8: error: Function is missing a type annotation  [no-untyped-def]\n"
     "Found 1 error in 1 file", "src/x.py:8: error: Function is missing a type annotation"),
    ("pyright", "  /p/f.py:3:5 - error: \"foo\" is not defined\n1 error", "/p/f.py:3:5 - error"),
    ("ruff", "app.py:1:8: F401 [*] `os` imported but unused\nFound 1 error.", "app.py:1:8: F401"),
    ("ruff full", "F401 [*] `os` imported but unused\n --> app.py:1:8", "app.py:1:8: F401"),
    ("eslint", "/src/cart.ts\n  21:3  error  'x' is not defined  no-undef",
     "/src/cart.ts:21:3: 'x' is not defined"),
    ("pip", "ERROR: No matching distribution found for nosuchpkg", "No matching distribution"),
    ("npm", "npm error code E404\nnpm error 404 Not Found - GET https://r/x", "npm error 404 Not Found"),
    ("apt", "E: Unable to locate package nosuch", "E: Unable to locate package nosuch"),
    ("uv", "  × No solution found when resolving dependencies:", "× No solution found"),
]  # fmt: skip


@pytest.mark.parametrize(("tool", "output", "expected"), REPORTS, ids=[r[0] for r in REPORTS])
def test_each_kind_of_report_names_the_failure_and_why(
    tool: str, output: str, expected: str
) -> None:
    found = reported_failures(output)
    assert any(expected in item for item in found), found


@pytest.mark.parametrize(
    "output",
    [
        "3 passed in 0.03s",
        "ok  \texample.com/p\t0.002s",
        "test result: ok. 2 passed; 0 failed",
        "Success: no issues found in 2 source files",
        "All checks passed!",
        "main.c:2:1: warning: unused variable",
        "Successfully installed hypothesis-6.170.17",
        "",
    ],
)
def test_a_passing_report_names_no_failure(output: str) -> None:
    assert reported_failures(output) == []


def test_many_failures_are_cut_with_a_mark() -> None:
    output = "\n".join(f"FAILED tests/t.py::test_{i} - AssertionError" for i in range(20))
    found = reported_failures(output)
    assert len(found) == MAX_FAILURES + 1 and found[-1] == "and more"
    assert failing_files(found) == ["tests/t.py"]


def test_exception_names_are_found_word_by_word() -> None:
    assert names_an_exception("raise KeyError('x')")
    assert names_an_exception("java.lang.IllegalStateException: no")
    assert not names_an_exception("errors were few; Errorless")


@pytest.mark.parametrize(
    "hostile",
    [
        "a" * 65_536,
        "1" * 65_536,
        "= " + "1" * 65_536,
        "E   " + "x" * 65_536,
        "1:" * 32_768,
        "a." * 32_768,
        "FAILED " + " " * 65_536,
        "x::y FAILED\n" * 5_000,
        "FAIL: t (x)\n" * 5_000,
        "● " + "›" * 65_536,
        "error: x\n--> " * 5_000,
    ],
)
def test_hostile_output_is_read_line_by_line_in_bounded_pieces(hostile: str) -> None:
    # Each pattern is anchored and sees at most LINE_CHARS characters of a line (module
    # docstring); the real time on 64 KB inputs is measured in the closing note.
    for item in reported_failures(hostile):
        assert len(item) <= 2 * LINE_CHARS + 100
    error_line(hostile)


def _bash(command: str, stdout: str, at: float) -> list:
    outcome = ToolOutcome({"stdout": stdout, "stderr": "", "interrupted": False})
    return tool_events(ToolCall("Bash", {"command": command}), outcome, "/p", at)


def test_a_failing_run_reported_as_success_is_an_unresolved_error() -> None:
    events = _bash("pytest -q 2>&1 | tail -5", PYTEST, 1.0)
    state = fold(events)
    assert len(state.open_errors) == 1
    assert "test_rerun_is_noop - AssertionError: 2 != 1" in state.open_errors[0]


@pytest.mark.parametrize(
    "later",
    [
        "pytest -q",
        ".venv/bin/python -m pytest tests/test_reconcile.py",
        "pytest tests/test_reconcile.py::test_rerun_is_noop",
        "uv run pytest tests",
    ],
)
def test_a_later_passing_run_of_the_command_or_the_test_resolves_it(later: str) -> None:
    events = _bash("pytest -q 2>&1 | tail -5", PYTEST, 1.0) + _bash(later, "1 passed", 2.0)
    state = fold(events)
    assert state.open_errors == [] and len(state.resolved_errors) == 1


def test_a_later_run_that_still_fails_or_runs_other_tests_resolves_nothing() -> None:
    events = _bash("pytest -q", PYTEST, 1.0) + _bash("pytest tests/test_other.py", "2 passed", 2.0)
    events += _bash("pytest -q", PYTEST.replace("2 != 1", "3 != 1"), 3.0)
    state = fold(events)
    assert len(state.open_errors) == 1 and "3 != 1" in state.open_errors[0]


def test_output_that_only_shows_data_is_not_a_failure() -> None:
    for command in ("cat build.log", "grep -rn 'error:' src", "tail -50 ci.log", "git log -p"):
        assert fold(_bash(command, "src/x.py:8: error: boom\n" + PYTEST, 1.0)).open_errors == []


def test_shell_code_an_mcp_tool_ran_is_read_the_same_way() -> None:
    call = ToolCall("mcp__capy__capy_execute", {"language": "shell", "code": "npm install x"})
    text = [{"type": "text", "text": "npm error 404 Not Found - GET https://r/x"}]
    failed = tool_events(call, ToolOutcome(text), "/p", 1.0)
    passed = tool_events(call, ToolOutcome([{"type": "text", "text": "added 1"}]), "/p", 2.0)
    assert "npm install x: npm error 404" in fold(failed).open_errors[0]
    assert fold(failed + passed).open_errors == []


def test_a_failure_the_host_reported_is_resolved_by_a_run_of_the_failing_file() -> None:
    call = ToolCall("Bash", {"command": "pytest -q"})
    failed = tool_events(call, ToolOutcome(None, "Exit code 1\n" + PYTEST, failed=True), "/p", 1.0)
    assert failed[0].key == "cmd:pytest tests/test_reconcile.py"
    later = _bash("pytest tests/test_reconcile.py::test_rerun_is_noop", "1 passed", 2.0)
    assert fold(failed + later).open_errors == []
