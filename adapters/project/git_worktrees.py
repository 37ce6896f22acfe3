"""The work trees of a git repository (``git worktree list``): they share one knowledge base."""

from __future__ import annotations

import subprocess
from collections.abc import Mapping
from pathlib import Path

from adapters.project.git_layout import GIT_TIMEOUT_SECONDS, _without_capy_variables


def worktrees(directory: Path, env: Mapping[str, str]) -> list[Path]:
    """Every work tree of the repository holding ``directory`` — the main one first, then the
    linked ones — or ``[]`` outside a repository, without git, or when git fails."""
    try:
        done = subprocess.run(
            ["git", "worktree", "list", "--porcelain", "-z"],
            cwd=directory,
            env={**_without_capy_variables(env), "GIT_OPTIONAL_LOCKS": "0"},
            capture_output=True,
            timeout=GIT_TIMEOUT_SECONDS,
            check=False,
        )
    except (OSError, subprocess.SubprocessError):
        return []
    if done.returncode != 0:
        return []
    found: list[Path] = []
    for field in done.stdout.split(b"\0"):
        if field.startswith(b"worktree "):
            path = Path(field[len(b"worktree ") :].decode("utf-8", "surrogateescape"))
            if path.is_absolute():
                found.append(path)
    return list(dict.fromkeys(found))


class GitWorktrees:
    """``worktrees`` with the process environment bound: ``GitWorktrees(env)(directory)``."""

    def __init__(self, env: Mapping[str, str]) -> None:
        self._env = env

    def __call__(self, directory: Path) -> list[Path]:
        return worktrees(directory, self._env)
