"""Titles for windows of a test run's per-test results, saying their outcomes.

A window of per-test results (``tests/test_x.py::test_a PASSED``, ``✓ … > adds``, ``× … >
formats euros``, ``test parse ... FAILED``) is titled by its outcomes, the worst first, naming the
tests skipped or expected to fail (a failed test has a section of its own in the failure report,
which is what a search for it should find): ``FAILED ×2, SKIPPED ×1 (test_live_carrier_rates),
XFAIL expected failure ×1 (test_zone_five), PASSED ×14``.
"""

from __future__ import annotations

import re

from domain.chunking.log_titles import LOG_TITLE_MAX_BYTES
from domain.chunking.utf8 import truncate_bytes
from domain.search.sign_gates import gated, holds_gated

# pytest ``path::name OUTCOME``, cargo ``test name ... outcome``, go ``--- FAIL: Name``.
# ``\S++`` takes the node id whole (no backtracking over a long run of colons); "::" in it is
# checked by the caller.
_PYTEST_RESULT = re.compile(r"^\s*+(\S++)\s+(PASSED|FAILED|ERROR|SKIPPED|XFAIL|XPASS)\b")
_CARGO_RESULT = re.compile(r"^\s*test (\S+) \.\.\. (ok|FAILED|ignored)\b")
_GO_RESULT = re.compile(r"^\s*--- (PASS|FAIL|SKIP): (\S+)")
_MARK_RESULT = re.compile(r"^\s*([✓✔√×✗✕])\s+(.+?)(?:\s+\(\d+\s*m?s\))?$")
# Outcome → (severity, how the title says it).
_OUTCOMES = {
    "FAILED": (0, "FAILED"),
    "FAIL": (0, "FAILED"),
    "×": (0, "FAILED"),
    "✗": (0, "FAILED"),
    "✕": (0, "FAILED"),
    "ERROR": (1, "ERROR"),
    "XPASS": (2, "XPASS unexpected pass"),
    "XFAIL": (3, "XFAIL expected failure"),
    "SKIPPED": (4, "SKIPPED"),
    "SKIP": (4, "SKIPPED"),
    "ignored": (4, "SKIPPED"),
    "PASSED": (5, "PASSED"),
    "PASS": (5, "PASSED"),
    "ok": (5, "PASSED"),
    "✓": (5, "PASSED"),
    "✔": (5, "PASSED"),
    "√": (5, "PASSED"),
}
NAMED_PER_OUTCOME = 2
_FAILED_SEVERITY = 0
_PASSED_SEVERITY = 5


def _test_result(line: str) -> tuple[str, str] | None:
    """(outcome, test name) of a line reporting one test's result."""
    if (match := _PYTEST_RESULT.match(line)) and "::" in match.group(1)[1:-1]:
        return match.group(2), match.group(1).rsplit("::", 1)[-1]
    if match := _CARGO_RESULT.match(line):
        return match.group(2), match.group(1)
    if match := _GO_RESULT.match(line):
        return match.group(1), match.group(2)
    if match := _MARK_RESULT.match(line):
        return match.group(1), match.group(2).rsplit(" > ", 1)[-1]
    return None


_RESULT_SIGNS = ("PASS", "FAIL", "SKIP", "ERROR", " ok", "ignored", "✓", "✔", "√", "×", "✗", "✕")
# What a line reporting a result holds by its shape: pytest's node id ``::``, cargo's `` ... ``,
# go's ``--- ``, or a mark (none of them ASCII). A log's window says ``ERROR`` often, and
# each of its lines was then matched against the four patterns for nothing.
_RESULT_SHAPES = ("::", " ... ", "--- ")
# Each with its gate (``sign_gates``): a section without a colon or a dot is read for ``::`` and
# `` ... `` no further than a ``memchr`` each.
_GATED_SHAPES = gated(_RESULT_SHAPES)
_RESULT_MARKS = ("✓", "✔", "√", "×", "✗", "✕")


def _may_hold_results(text: str) -> bool:
    """False when no line of ``text`` can be a test's result (``_test_result``)."""
    if holds_gated(text, _GATED_SHAPES):
        return True
    return not text.isascii() and any(mark in text for mark in _RESULT_MARKS)


def outcome_title(text: str) -> str | None:
    """The title of a window of per-test results, or None when under half its lines are."""
    if not _may_hold_results(text) or not any(sign in text for sign in _RESULT_SIGNS):
        return None
    lines = [line for line in text.split("\n") if line.strip()]
    results = [found for found in map(_test_result, lines) if found is not None]
    if len(results) < 2 or len(results) * 2 < len(lines):
        return None
    named: dict[tuple[int, str], list[str]] = {}
    for outcome, name in results:
        key = _OUTCOMES[outcome]
        if name not in named.setdefault(key, []):
            named[key].append(name)
    shown = []
    for (severity, said), names in sorted(named.items()):
        named_here = severity not in (_FAILED_SEVERITY, _PASSED_SEVERITY)
        listed = f" ({', '.join(names[:NAMED_PER_OUTCOME])})" if named_here else ""
        count = sum(1 for outcome, _ in results if _OUTCOMES[outcome][1] == said)
        shown.append(f"{said} ×{count}{listed}")
    return truncate_bytes(", ".join(shown), LOG_TITLE_MAX_BYTES)
