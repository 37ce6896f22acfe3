"""The lines that say why a test failed or was skipped, shown beside the line that reports it.

A question about a failed test names the test (``row after Z wraps to AA``), so the line that
reports it matches (``not ok 2 - row after Z wraps to AA``); what the test got and expected is
in lines near it that share no word with the question: node's TAP block below it (``Expected
values to be strictly equal:``, ``'[5' !== 'AA5'``), a runner's ``assert 2 == 3`` or
``expected … received`` lines, go's own message above its ``--- FAIL:`` or ``--- SKIP:``
(``tariff_test.go:42: needs the DSMR P1 port capture``). An error line alone is not taken: an
``error: '1 subtest failed'`` under a suite only repeats that it failed (and a stated error is
already shown when a question asks why: ``answer_kinds``). The one line of
context on each side of a matching line shows the block's opening ``---`` or the ``=== RUN``
line instead. So a line reporting a failed or skipped test is explained by up to
``FAILURE_LINES`` lines of its block stating a comparison or go's message, looked for
in the ``FAILURE_SCAN`` lines below it (else above it), never past another test's report, and
a snippet weighs them as the line itself (ADR 0260).

A Go panic (``panic: runtime error: index out of range [3] with length 3``) is told the same
way by the frame where it happened: its stack (``goroutine 7 [running]:``) lists the test
runner's recovery frames, then ``panic(…)`` in ``runtime/panic.go``, then the user's function
and its ``quota.go:6`` line, which a question asking where share no word with (ADR 0262).
"""

from __future__ import annotations

import re

FAILURE_SCAN = 15
FAILURE_LINES = 3
# A line (stripped) reporting a failed test: TAP's ``not ok 2 - …``, go's ``--- FAIL: TestX``,
# pytest's and cargo's ``FAILED``, node's spec reporter's ``✖ name (1.2ms)``.
_FAILED = re.compile(r"^(?:not ok \d+\b|✖ \S)|--- (?:FAIL|SKIP):|\bFAILED\b")
# A line reporting a test, whatever its outcome: the failure's block ends before it.
_TEST_REPORT = re.compile(
    r"^(?:(?:not )?ok \d+\b|# Subtest:|[✔✖] \S|=== RUN\b)"
    r"|--- (?:PASS|FAIL|SKIP):|\b(?:PASSED|FAILED)\b"
)
# An event of ``go test -json`` naming its test: ``{…,"Test":"TestCost/just_over",…}``.
_EVENT_TEST = re.compile(r'"Test":"([^"]+)"')
# A comparison of what a test got with what it expected: ``'[5' !== 'AA5'``, go's ``got 3,
# want 4``, jest's ``Expected: 3`` and ``Received: 2``, ``assert 2 == 3``.
# A go test's own message (``t.Errorf``, ``t.Skip``): ``    tariff_test.go:42: needs the DSMR P1
# port capture``, what the test said of its failure or its skip, whatever the words.
_GO_MESSAGE = re.compile(r"\w_test\.go:\d+: \S")
_COMPARISON = re.compile(r"\s(?:!==?|===?)\s|\b(?:want|expected|actual|received|got)\b")


# How far below a ``panic:`` line its stack's ``panic(…)`` frame is looked for.
PANIC_SCAN = 20
# Go's stack header: ``goroutine 7 [running]:``.
_GOROUTINE = re.compile(r"^goroutine \d+ \[[^]]+\]:$")


def reports_panic(line: str) -> bool:
    """Whether ``line`` (stripped) is a Go panic's message (``panic: runtime error: …``)."""
    return line.startswith("panic: ")


def panic_frame(lines: list[str], number: int) -> list[int]:
    """The frame where the panic of line ``number`` happened: the function line and the file
    line right after the ``panic(…)`` frame (and its ``runtime/panic.go`` line) of the
    ``goroutine N [running]:`` stack below it; none when no such stack follows."""
    end = min(len(lines), number + 1 + PANIC_SCAN)
    stack = False
    for index in range(number + 1, end):
        line = lines[index]
        if _GOROUTINE.match(line):
            stack = True
        elif (
            stack
            and line.startswith("panic(")
            and index + 3 < len(lines)
            and "runtime/panic.go:" in lines[index + 1]
        ):
            frame = index + 2
            if lines[frame].startswith("/") or ".go:" not in lines[frame + 1]:
                return []
            return [frame, frame + 1]
    return []


def reports_failure(line: str) -> bool:
    """Whether ``line`` (stripped) reports that a test failed or was skipped."""
    # every match holds one of these: most lines have none, and looking is cheaper than a search
    if "FAIL" not in line and "SKIP" not in line and not line.startswith(("not ok", "✖")):
        return False
    return _FAILED.search(line) is not None


def failure_lines(lines: list[str], number: int) -> list[int]:
    """The lines of the block of failed-test line ``number`` that state why it failed, in
    order: below it (TAP, jest, pytest), else above it (go prints a test's messages before its
    ``--- FAIL:``; in ``go test -json`` other tests' events may lie between, and only the events
    naming the same test are read). A kept line that announces the next one (ends in ``:``)
    brings that one too."""
    found: list[int] = []
    end = min(len(lines), number + 1 + FAILURE_SCAN)
    index = number + 1
    while index < end and len(found) < FAILURE_LINES:
        line = lines[index]
        if _TEST_REPORT.search(line) is not None:
            break
        if _explains(line):
            found.append(index)
            if line.endswith(":") and index + 1 < end and len(found) < FAILURE_LINES:
                index += 1
                found.append(index)
        index += 1
    return found or _above(lines, number)


def _above(lines: list[str], number: int) -> list[int]:
    event = _EVENT_TEST.search(lines[number])
    test = event.group(1) if event is not None else None
    found: list[int] = []
    for index in range(number - 1, max(-1, number - 1 - FAILURE_SCAN), -1):
        line = lines[index]
        if test is not None:
            named = _EVENT_TEST.search(line)
            if named is None or named.group(1) != test:
                continue  # another test's event
        if _TEST_REPORT.search(line) is not None:
            break
        if _explains(line):
            found.append(index)
            if len(found) == FAILURE_LINES:
                break
    return sorted(found)


def _explains(line: str) -> bool:
    return _COMPARISON.search(line.lower()) is not None or _GO_MESSAGE.search(line) is not None
