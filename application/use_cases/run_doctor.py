"""RunDoctor: the installation checklist behind ``capy doctor`` and the ``capy_doctor`` tool."""

from __future__ import annotations

from collections.abc import Sequence

from application.ports.health_check import HealthCheck
from domain.doctor.check import CheckResult, DoctorReport, failed
from domain.errors import CapyError


class RunDoctor:
    """Run every check, in order, and collect the checklist.

    - A check that crashes is a failed item naming the error, never a crashed doctor.
    - A check stopped by a known problem (a CapyError, e.g. a bad config file) shows that
      problem and its fix; when an earlier item already reports it, it points there instead
      of repeating it, and it is never called a capy bug.
    - The report's exit code is 1 when any item failed (warnings do not fail it).
    """

    def __init__(self, checks: Sequence[HealthCheck]) -> None:
        self._checks = tuple(checks)

    def execute(self) -> DoctorReport:
        results: list[CheckResult] = []
        for check in self._checks:
            results.append(self._run(check, results))
        return DoctorReport(tuple(results))

    @staticmethod
    def _run(check: HealthCheck, earlier: Sequence[CheckResult]) -> CheckResult:
        try:
            return check.run()
        except CapyError as error:
            reported = next((r.name for r in earlier if r.detail == error.message), None)
            if reported is not None:
                return failed(
                    check.name,
                    f"not checked: {reported} failed",
                    f"fix the {reported} problem above, then run `capy doctor` again",
                )
            return failed(
                check.name, error.message, error.hint or "fix it, then run `capy doctor` again"
            )
        except Exception as error:
            return failed(
                check.name,
                f"the check itself failed ({type(error).__name__}: {error})",
                "run `capy doctor` again; if it persists, report it as a capy bug",
            )
