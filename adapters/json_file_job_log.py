"""A job log in a small JSON file next to the knowledge base (``maintenance.json``)."""

from __future__ import annotations

import contextlib
import json
import os
import tempfile
from datetime import datetime
from pathlib import Path

from application.ports.job_log import JobLog


class JsonFileJobLog(JobLog):
    """``{"job": "2026-01-01T00:00:00+00:00", …}``, replaced atomically, readable by the user only.

    A missing, unreadable or malformed file reads as "never ran"; a failed write is ignored (the
    job simply runs again next time) — maintenance bookkeeping must never stop capy.
    """

    def __init__(self, path: Path) -> None:
        self._path = path

    @classmethod
    def next_to(cls, db_path: Path) -> JsonFileJobLog:
        """The job log of one knowledge base: ``<db file name>.maintenance.json`` beside it."""
        return cls(db_path.with_name(f"{db_path.name}.maintenance.json"))

    def _read(self) -> dict[str, str]:
        try:
            data = json.loads(self._path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return {}
        if not isinstance(data, dict):
            return {}
        return {str(k): v for k, v in data.items() if isinstance(v, str)}

    def last_run(self, job: str) -> datetime | None:
        stamp = self._read().get(job)
        if stamp is None:
            return None
        try:
            at = datetime.fromisoformat(stamp)
        except ValueError:
            return None
        return at if at.tzinfo is not None else None

    def record_run(self, job: str, at: datetime) -> None:
        data = self._read()
        data[job] = at.isoformat()
        with contextlib.suppress(OSError):
            self._path.parent.mkdir(parents=True, exist_ok=True)
            fd, tmp = tempfile.mkstemp(prefix=".maintenance.", dir=self._path.parent)
            try:
                with os.fdopen(fd, "w", encoding="utf-8") as handle:
                    json.dump(data, handle, indent=2, sort_keys=True)
                Path(tmp).replace(self._path)
            except OSError:
                Path(tmp).unlink(missing_ok=True)
                raise
