"""RunDoctor: the installation checklist behind ``capy doctor`` and the ``capy_doctor`` tool."""

from __future__ import annotations

from collections.abc import Sequence

from application.ports.health_check import HealthCheck
from domain.doctor.check import CheckResult, DoctorReport, failed


class RunDoctor:
    """Run every check, in order, and collect the checklist.

    - A check that crashes is a failed item naming the error, never a crashed doctor.
    - The report's exit code is 1 when any item failed (warnings do not fail it).
    """

    def __init__(self, checks: Sequence[HealthCheck]) -> None:
        self._checks = tuple(checks)

    def execute(self) -> DoctorReport:
        return DoctorReport(tuple(self._run(check) for check in self._checks))

    @staticmethod
    def _run(check: HealthCheck) -> CheckResult:
        try:
            return check.run()
        except Exception as error:
            return failed(
                check.name,
                f"the check itself failed ({type(error).__name__}: {error})",
                "run `capy doctor` again; if it persists, report it as a capy bug",
            )
