"""A line reporting a failed (or skipped) test is shown with the lines of its block saying why,
even when they share no word with the question; lookalikes bring nothing."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from domain.search.failure_lines import (
    _FAILED,
    failure_lines,
    panic_frame,
    reports_failure,
    reports_panic,
)
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
    assert "    '[5' !== 'AA5'" in lines  # shown with its indentation in the YAML block


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


# ``go test -v`` of a test indexing past a slice's end (go 1.19).
_PANIC = [
    "=== RUN   TestEnterpriseQuota",
    "--- FAIL: TestEnterpriseQuota (0.00s)",
    "panic: runtime error: index out of range [3] with length 3 [recovered]",
    "\tpanic: runtime error: index out of range [3] with length 3",
    "",
    "goroutine 7 [running]:",
    "testing.tRunner.func1.2({0x518a00, 0xc00001c090})",
    "\t/usr/lib/go-1.19/src/testing/testing.go:1396 +0x24e",
    "testing.tRunner.func1()",
    "\t/usr/lib/go-1.19/src/testing/testing.go:1399 +0x39f",
    "panic({0x518a00, 0xc00001c090})",
    "\t/usr/lib/go-1.19/src/runtime/panic.go:884 +0x212",
    "example.test/ratelimit/quota.ForPlan(...)",
    "\t/src/ratelimit/quota/quota.go:6",
    "example.test/ratelimit/quota.TestEnterpriseQuota(0xc000007a00?)",
    "\t/src/ratelimit/quota/quota_test.go:12 +0x99",
    "testing.tRunner(0xc000007d40, 0x52f338)",
    "\t/usr/lib/go-1.19/src/testing/testing.go:1446 +0x10b",
    "created by testing.(*T).Run",
    "\t/usr/lib/go-1.19/src/testing/testing.go:1493 +0x35f",
    "FAIL\texample.test/ratelimit/quota\t0.014s",
    *_PASSING,
]


def test_a_go_panic_brings_the_frame_where_it_happened() -> None:
    snippet = extract_snippet("\n".join(_PANIC), "where in the code is the index out of range")
    lines = snippet.splitlines()
    assert "panic: runtime error: index out of range [3] with length 3 [recovered]" in lines
    assert "example.test/ratelimit/quota.ForPlan(...)" in lines
    assert "\t/src/ratelimit/quota/quota.go:6" in lines  # as Go prints a frame's file


def test_a_panic_line_without_its_stack_brings_nothing() -> None:
    lines = [
        "panic: runtime error: index out of range [3] with length 3",
        "panic({0x518a00, 0xc00001c090})",  # a frame-like line outside any goroutine's stack
        "/usr/lib/go-1.19/src/runtime/panic.go:884 +0x212",
        "example.test/ratelimit/quota.ForPlan(...)",
        "/src/ratelimit/quota/quota.go:6",
    ]
    assert reports_panic(lines[0])
    assert panic_frame(lines, 0) == []


def test_lookalikes_are_no_panic() -> None:
    for line in (
        "don't panic: the retry will pick it up",
        "panicked at src/lib.rs:15:10",
        "panic(err) is called when the config is missing",
    ):
        assert not reports_panic(line), line
