"""JobLog port: when capy's periodic maintenance jobs last ran."""

from __future__ import annotations

from datetime import datetime
from typing import Protocol, runtime_checkable


@runtime_checkable
class JobLog(Protocol):
    """Remembers, per job name, the last time a maintenance job completed.

    Kept somewhere cheap next to the knowledge base (a small state file), so a job meant to run
    at most daily is not repeated by every server start. Losing the record only means the job
    runs once more; an unreadable record reads as "never ran".
    """

    def last_run(self, job: str) -> datetime | None: ...

    def record_run(self, job: str, at: datetime) -> None: ...
