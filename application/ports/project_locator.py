"""ProjectLocator port: which project capy serves and where its knowledge database lives."""

from __future__ import annotations

from pathlib import Path
from typing import Protocol, runtime_checkable

import attrs


@attrs.frozen
class ProjectLocation:
    """The project root, the database path, and why each was chosen (for ``capy which``)."""

    root: Path
    db_path: Path
    db_path_origin: str
    root_origin: str = ""


@runtime_checkable
class ProjectLocator(Protocol):
    """Resolves the project root and the knowledge database path."""

    def locate(self) -> ProjectLocation: ...
