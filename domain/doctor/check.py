"""One line of the doctor's checklist, and the whole report."""

from __future__ import annotations

import enum

import attrs


class CheckStatus(enum.Enum):
    PASS = "pass"  # noqa: S105 — a check outcome, not a password
    WARN = "warn"
    FAIL = "fail"


@attrs.frozen
class CheckResult:
    """``fix`` says what to do when the status is not PASS."""

    name: str
    status: CheckStatus
    detail: str
    fix: str = ""


def passed(name: str, detail: str) -> CheckResult:
    return CheckResult(name, CheckStatus.PASS, detail)


def warned(name: str, detail: str, fix: str) -> CheckResult:
    return CheckResult(name, CheckStatus.WARN, detail, fix)


def failed(name: str, detail: str, fix: str) -> CheckResult:
    return CheckResult(name, CheckStatus.FAIL, detail, fix)


@attrs.frozen
class DoctorReport:
    checks: tuple[CheckResult, ...]

    @property
    def failures(self) -> tuple[CheckResult, ...]:
        return tuple(c for c in self.checks if c.status is CheckStatus.FAIL)

    @property
    def exit_code(self) -> int:
        return 1 if self.failures else 0
