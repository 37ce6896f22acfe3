"""A fixed project location (tests, dry runs)."""

from __future__ import annotations

from pathlib import Path

from application.ports.project_locator import ProjectLocation, ProjectLocator


class InMemoryProjectLocator(ProjectLocator):
    """Always answers the same root and database path."""

    def __init__(self, root: Path, db_path: Path | None = None) -> None:
        self._location = ProjectLocation(
            root=root,
            db_path=db_path or root / "knowledge.db",
            db_path_origin="fixed for this run",
            root_origin="fixed for this run",
        )

    def locate(self) -> ProjectLocation:
        return self._location
