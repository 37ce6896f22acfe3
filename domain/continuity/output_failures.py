"""Failures a tool printed while its host reported success.

``pytest -q | tail``, ``make test; echo done``, ``npm install || true`` exit 0: the host sends
an ordinary PostToolUse, and only the output says that tests failed, the compiler or the type
checker found errors, a linter flagged a line or a package could not be installed. This reads
the reports of test runners (pytest, unittest, go test, cargo test, jest, vitest), compilers
(gcc/clang, rustc, javac, tsc, go build), type checkers (mypy, pyright), linters (ruff, flake8,
pylint, eslint) and package managers (pip, uv, poetry, npm, cargo, apt), and names each failure
in one line: the failing test or ``file:line`` and the line that explains it.

Every pattern is anchored (``match``) and applied to one line cut to ``LINE_CHARS``; none nests
quantifiers, so the time is linear in the output however hostile it is. Only the last
``MAX_SCANNED`` characters are read (a report ends its output).
"""

from __future__ import annotations

import re
from collections.abc import Callable

from domain.continuity.failures import may_report_failures, names_an_exception
from domain.precompiled import precompiled

MAX_SCANNED = 65_536
LINE_CHARS = 400
MAX_FAILURES = 6
MAX_REPORT_LINES = 200


_PATH = r"[\w./\\@+~-]+"
# pytest: the short summary (``FAILED nodeid - reason``) and the verbose line.
_PYTEST_SUMMARY = precompiled(r"(FAILED|ERROR) (\S+)(?: - (.+))?$")
_PYTEST_VERBOSE = precompiled(r"(\S++) (?:FAILED|ERROR)\b")  # a node id: holds ``::``
_PYTEST_EXPLAIN = precompiled(r"E {2,}(\S.*)$")
_PYTEST_TOTAL = precompiled(r"=+ (.+) in [\d.]+s")
# unittest: ``FAIL: test_x (pkg.Tests.test_x)``.
_UNITTEST = precompiled(r"(FAIL|ERROR): (\w+) \(([\w.]+)\)")
# go test and cargo test.
_UNITTEST_END = ("=" * 10, "FAIL: ", "ERROR: ")
_GO_FAIL = precompiled(r"--- FAIL: (\S+)")
_CARGO_TEST = precompiled(r"test (\S+) \.\.\. FAILED$")
# jest and vitest.
_JEST_TEST = precompiled(r"● (\S.*›.*)$")
_VITEST = precompiled(r"(?:FAIL|×|✗) +(\S.*)$")  # ``× …`` alone is uv's or poetry's error
# ``path:line[:col]: [fatal ]error[code]: message`` (gcc, clang, mypy, javac, go vet …).
_DIAGNOSTIC = precompiled(rf"({_PATH}):(\d+)(?::(\d+))?: (?:fatal )?error(?:\[[\w-]+\])?:? (.+)")
# pyright and tsc: ``path:line:col - error[ TS2322]: message``, ``path(line,col): error TS…``.
_DASH_ERROR = precompiled(rf"({_PATH}):(\d+):(\d+) - error(?: (TS\d+))?:? (.+)")
_TSC_PAREN = precompiled(rf"({_PATH})\((\d+),(\d+)\): error (TS\d+): (.+)")
# flake8, pylint, ruff (concise), go build: ``path:line:col: CODE message`` or a message.
_LINT = precompiled(rf"({_PATH}\.\w+):(\d+):(\d+): (\S.*)$")
_WARNING = precompiled(r"(?:warning|note|info|hint)\b", re.IGNORECASE)
# rustc, cargo, ruff (full): a label line, then ``--> path:line:col``.
_LABEL = precompiled(r"(error(?:\[[\w-]+\])?|[A-Z]{1,4}\d{2,4}(?: \[\*\])?): (.+)$")
_ARROW = precompiled(rf"--> ({_PATH}:\d+(?::\d+)?)")
_RUFF_LABEL = precompiled(r"([A-Z]{1,4}\d{2,4}) (?:\[\*\] )?(\S.*)$")
# eslint: a file path on its own line, then ``  21:3  error  message  rule``.
_ESLINT_FILE = precompiled(rf"({_PATH}\.\w+)$")
_ESLINT_ENTRY = precompiled(r"(\d+):(\d+) +error +(\S.*)$")
# package managers and the usual error labels.
_PACKAGE = precompiled(r"(?:(?:ERROR|E|error|fatal|Error): |× )(.+)$")
_NPM = precompiled(r"(?:npm ERR!|npm error) (.+)$")
_NPM_NOISE = ("code ", "A complete log", "errno ", "syscall ", "path ", "command ", "signal ")


class _Report:
    """The output's lines, and what is worked out once about them."""

    __slots__ = ("_reason", "lines", "summary", "tests")

    def __init__(self, lines: list[str]) -> None:
        self.lines = lines
        self.summary = any(line.startswith("FAILED ") for line in lines)
        self.tests: set[str] = set()
        self._reason: str | None = None

    def pytest_reason(self) -> str:
        """The first ``E   …`` line that names an exception (pytest prints the reason there)."""
        if self._reason is None:
            explained = [m.group(1) for m in map(_PYTEST_EXPLAIN.match, self.lines) if m]
            named = [line for line in explained if names_an_exception(line)]
            self._reason = (named or explained or [""])[0]
        return self._reason


def reported_failures(output: str) -> list[str]:
    """Each failure ``output`` reports, in one line (at most ``MAX_FAILURES``, then ``and
    more`` when there were more); [] when it reports none."""
    text = output[-MAX_SCANNED:]
    if not may_report_failures(text):
        return []
    lines = [line[:LINE_CHARS].strip() for line in text.splitlines()]
    report = _Report(lines)
    found: list[str] = []
    more = False
    matched = 0  # a report repeating one failure thousands of times is not read to its end
    eslint_file = ""
    total = ""
    for number, line in enumerate(lines):
        if not line:
            continue
        item = _test_failure(report, number, line)
        if item is None:
            item = _diagnostic(lines, number, line)
        if item is None and _ESLINT_FILE.match(line) and "/" in line:
            eslint_file = line
        elif item is None and eslint_file:
            entry = _ESLINT_ENTRY.match(line)
            if entry:
                item = f"{eslint_file}:{entry.group(1)}:{entry.group(2)}: {entry.group(3)}"
        if item is None:
            counted = _PYTEST_TOTAL.match(line)
            if counted and (" failed" in counted.group(1) or " error" in counted.group(1)):
                total = counted.group(1)
                continue
            item = _package_error(line)
        if item:
            matched += 1
            if matched > MAX_REPORT_LINES:
                break
        if item and item not in found:
            if len(found) == MAX_FAILURES:
                more = True
                break
            found.append(item)
    if not found and total:
        found.append(total)
    return [*found, "and more"] if more else found


def failing_files(failures: list[str]) -> list[str]:
    """The test files of pytest's failing node ids (``tests/a.py`` of ``tests/a.py::t``), so
    a later run of that file resolves the failure."""
    files: list[str] = []
    for failure in failures:
        for word in failure.split(" ")[:2]:
            if "::" in word:
                path = word.split("::", 1)[0]
                if path not in files:
                    files.append(path)
    return files


def _test_failure(report: _Report, number: int, line: str) -> str | None:
    lines, tests = report.lines, report.tests
    summary = _PYTEST_SUMMARY.match(line)
    if summary and ("::" in summary.group(2) or summary.group(2).endswith(".py")):
        node = summary.group(2)
        tests.add(node)
        why = summary.group(3) or report.pytest_reason()
        return f"{summary.group(1)} {node}" + (f" - {why}" if why else "")
    verbose = _PYTEST_VERBOSE.match(line)
    if (
        verbose
        and "::" in verbose.group(1)
        and verbose.group(1) not in tests
        and not report.summary
    ):
        tests.add(verbose.group(1))
        why = report.pytest_reason()
        return f"FAILED {verbose.group(1)}" + (f" - {why}" if why else "")
    unittest = _UNITTEST.match(line)
    if unittest:
        why = _next_matching(lines, number + 1, names_an_exception, _UNITTEST_END)
        return f"{unittest.group(1)} {unittest.group(3)}" + (f" - {why}" if why else "")
    for pattern in (_GO_FAIL, _CARGO_TEST, _JEST_TEST):
        match = pattern.match(line)
        if match:
            why = _next_text(lines, number + 1)
            name = match.group(1)
            return f"FAIL {name}" + (f" - {why}" if why and pattern is not _CARGO_TEST else "")
    vitest = _VITEST.match(line)
    if vitest and not line.startswith(("FAIL\t", "× ")) and vitest.group(1) != "FAIL":
        return f"FAIL {vitest.group(1)}"
    return None


def _diagnostic(lines: list[str], number: int, line: str) -> str | None:
    if _DIAGNOSTIC.match(line) or _DASH_ERROR.match(line) or _TSC_PAREN.match(line):
        return line
    lint = _LINT.match(line)
    if lint and not _WARNING.match(lint.group(4)):
        return line
    label = _LABEL.match(line) or _RUFF_LABEL.match(line)
    if label:
        where = _next_text(lines, number + 1)
        arrow = _ARROW.match(where) if where else None
        if arrow:
            return f"{arrow.group(1)}: {label.group(1)}: {label.group(2)}"
    return None


def _package_error(line: str) -> str | None:
    npm = _NPM.match(line)
    if npm:
        message = npm.group(1)
        return None if message.startswith(_NPM_NOISE) else line
    match = _PACKAGE.match(line)
    if match and not match.group(1).startswith("could not compile"):
        return line
    return None


def _next_text(lines: list[str], start: int) -> str:
    for line in lines[start : start + 4]:
        if line:
            return line
    return ""


def _next_matching(
    lines: list[str], start: int, test: Callable[[str], bool], stop: tuple[str, ...]
) -> str:
    for line in lines[start : start + 40]:
        if line.startswith(stop):
            break
        if line and test(line):
            return line
    return ""
