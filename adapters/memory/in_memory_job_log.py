"""A job log in a dict (tests, dry runs)."""

from __future__ import annotations

from datetime import datetime

from application.ports.job_log import JobLog


class InMemoryJobLog(JobLog):
    def __init__(self) -> None:
        self.runs: dict[str, datetime] = {}

    def last_run(self, job: str) -> datetime | None:
        return self.runs.get(job)

    def record_run(self, job: str, at: datetime) -> None:
        self.runs[job] = at
