"""Resolving a path the agent gave into the canonical forms ``Read`` rules are matched on."""

from __future__ import annotations

import os
from pathlib import Path

from domain.permissions.path_rules import ReadTarget


def resolve_read_target(given: str, project_root: Path) -> ReadTarget:
    """Relative paths are taken from the project root (not the server's working directory);
    ``~``, ``..`` and symlinks are resolved."""
    path = Path(given).expanduser()
    if not path.is_absolute():
        path = project_root / path
    absolute = Path(os.path.realpath(path))
    root = Path(os.path.realpath(project_root))
    try:
        relative: str | None = absolute.relative_to(root).as_posix()
    except ValueError:
        relative = None
    return ReadTarget(given=given, absolute=absolute.as_posix(), relative=relative or None)
