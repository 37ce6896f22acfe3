"""What restoring a session did with each of its files."""

from __future__ import annotations

from enum import StrEnum
from pathlib import Path

import attrs


class RestoreStatus(StrEnum):
    WRITTEN = "written"
    UNCHANGED = "unchanged"  # already there with the same bytes
    KEPT = "kept"  # already there, different, and not overwritten
    UNSAFE = "unsafe"  # a stored name that would leave the folder: skipped


@attrs.frozen
class RestoredFile:
    name: str
    status: RestoreStatus
    path: Path | None = None


@attrs.frozen
class RestoreReport:
    uuid: str
    folder: Path
    files: tuple[RestoredFile, ...]

    def count(self, status: RestoreStatus) -> int:
        return sum(1 for f in self.files if f.status is status)

    @property
    def transcript_in_place(self) -> bool:
        """Whether the main transcript is on disk as archived (written now or already there)."""
        main = self.files[0] if self.files else None
        return main is not None and main.status in (RestoreStatus.WRITTEN, RestoreStatus.UNCHANGED)
