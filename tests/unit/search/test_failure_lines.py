"""A line reporting a failed (or skipped) test is shown with the lines of its block saying why,
even when they share no word with the question; lookalikes bring nothing."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from domain.search.failure_lines import _FAILED, failure_lines, reports_failure
from domain.search.snippet import extract_snippet

_PASSING = [f"ok {i} - seat {i} is free" for i in range(3, 40)]
_TAP = [
    "TAP version 13",
    "# Subtest: row A seat 1",
    "ok 1 - row A seat 1",
    "# Subtest: row after Z wraps to AA",
    "not ok 2 - row after Z wraps to AA",
    "  ---",
    "  duration_ms: 1.505392",
    "  location: '/src/cinema-seats/test/seats.test.js:10:3'",
    "  failureType: 'testCodeFailure'",
    "  error: |-",
    "    Expected values to be strictly equal:",
    "    ",
    "    '[5' !== 'AA5'",
    "    ",
    "  code: 'ERR_ASSERTION'",
    "  ...",
    *_PASSING,
]


def _event(test: str, output: str) -> str:
    return (
        f'{{"Action":"output","Package":"example.test/meter","Test":"{test}","Output":"{output}"}}'
    )


def test_a_failed_tap_point_brings_the_comparison_of_its_yaml_block() -> None:
    snippet = extract_snippet("\n".join(_TAP), "what label did the row after Z get")
    lines = snippet.splitlines()
    assert "not ok 2 - row after Z wraps to AA" in lines
    assert "'[5' !== 'AA5'" in lines


def test_go_test_events_bring_the_same_tests_message_from_above() -> None:
    events = [
        _event("TestCost/just_over", "=== RUN   TestCost/just_over\\n"),
        _event(
            "TestCost/just_over", "    tariff_test.go:28: Cost(0, 501, 31) = 15546, want 15547\\n"
        ),
        _event("TestCost/winter", "=== RUN   TestCost/winter\\n"),
        _event("TestCost/winter", "    tariff_test.go:31: winter tariff applied\\n"),
        _event("TestCost", "--- FAIL: TestCost (0.00s)\\n"),
        _event("TestCost/winter", "    --- PASS: TestCost/winter (0.00s)\\n"),
        _event("TestCost/just_over", "    --- FAIL: TestCost/just_over (0.00s)\\n"),
    ]
    lines = [line.strip() for line in events]
    assert failure_lines(lines, 6) == [1]  # not the other subtest's message between them


def test_a_skipped_go_test_brings_its_reason() -> None:
    lines = [
        "=== RUN   TestSmartMeterFeed",
        "tariff_test.go:42: needs the DSMR P1 port capture",
        "--- SKIP: TestSmartMeterFeed (0.00s)",
    ]
    assert reports_failure(lines[2])
    assert failure_lines(lines, 2) == [1]


def test_the_block_ends_at_the_next_test() -> None:
    lines = [
        "not ok 1 - rounds up",
        "  ---",
        "  duration_ms: 0.5",
        "  ...",
        "ok 2 - keeps decimals",
        "  error: 'this belongs to no failure'",
    ]
    assert failure_lines(lines, 0) == []


def test_lookalikes_report_no_failure() -> None:
    for line in (
        "ok 2 - row after Z wraps to AA",
        "--- PASS: TestCost (0.00s)",
        "# fail 4",
        "notok 2 - something",
        "tests failed earlier are retried",
    ):
        assert not reports_failure(line), line


def test_a_passing_line_keeps_its_plain_context() -> None:
    lines = [
        "ok 1 - row after Z wraps to AA",
        "  ---",
        "  duration_ms: 0.5",
        "  expected: 'AA5'",
        "  ...",
        *_PASSING,
    ]
    snippet = extract_snippet("\n".join(lines), "row after Z wraps")
    assert "expected: 'AA5'" not in snippet


@given(st.text(alphabet="notk ✖-:FAILEDSKP\tx1", max_size=30))
def test_the_quick_look_agrees_with_the_pattern(line: str) -> None:
    assert reports_failure(line) == (_FAILED.search(line) is not None)
