"""Which directory is the project: flag, host variable, git, marker files, or the cwd."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from pathlib import Path

import attrs

from adapters.project.git_layout import GitLayout
from domain.errors import ConfigError

MARKERS = (".git", ".capy.toml", ".capy")


@attrs.frozen
class ProjectRoot:
    path: Path
    origin: str


def find_project_root(
    project_dir: Path | None,
    cwd: Path,
    env: Mapping[str, str],
    layout: Callable[[Path], GitLayout | None],
) -> ProjectRoot:
    """``--project-dir`` → ``CLAUDE_PROJECT_DIR`` → git top level → marker walk-up → cwd.

    An explicit directory that does not exist is an error, not a reason to try the next rule:
    guessing would silently switch to another project's database.
    """
    cwd = cwd.resolve()
    if project_dir is not None:
        return ProjectRoot(
            _directory(cwd / project_dir.expanduser(), "--project-dir"), "--project-dir"
        )
    if env.get("CLAUDE_PROJECT_DIR"):
        path = _directory(cwd / env["CLAUDE_PROJECT_DIR"], "CLAUDE_PROJECT_DIR")
        return ProjectRoot(path, "CLAUDE_PROJECT_DIR")
    found = layout(cwd)
    if found is not None:
        return ProjectRoot(found.toplevel, "git top level")
    for directory in (cwd, *cwd.parents):
        for marker in MARKERS:
            if (directory / marker).exists():
                return ProjectRoot(directory, f"nearest directory holding {marker}")
    return ProjectRoot(cwd, "current directory")


def _directory(path: Path, source: str) -> Path:
    resolved = path.resolve()
    if not resolved.is_dir():
        raise ConfigError(
            f"{source} points to {resolved}, which is not a directory",
            hint=f"point {source} at the project directory",
        )
    return resolved
