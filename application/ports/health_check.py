"""HealthCheck port: one item of ``capy doctor``'s checklist."""

from __future__ import annotations

from typing import Protocol, runtime_checkable

from domain.doctor.check import CheckResult


@runtime_checkable
class HealthCheck(Protocol):
    """Looks at one part of the installation and says pass, warn or fail — and what to do.

    ``run`` should not raise; if it does, the doctor reports the check as failed with the error.
    """

    name: str

    def run(self) -> CheckResult: ...
