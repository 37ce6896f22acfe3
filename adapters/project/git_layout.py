"""Where a directory's work tree and repository live: read from git's files, else asked of git."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

import attrs

from adapters.project.git_files import ASK_GIT, read_layout

GIT_TIMEOUT_SECONDS = 2.0


@attrs.frozen
class GitLayout:
    """``git rev-parse`` facts about one directory."""

    toplevel: Path
    git_dir: Path
    common_dir: Path

    @property
    def main_worktree(self) -> Path | None:
        """The main work tree when this is a *linked* worktree (``git worktree add``), else None.

        A linked worktree's git dir lives under the main one's ``.git/worktrees/``, so its common
        dir differs from its git dir and is named ``.git``. A submodule's git dir is the
        superproject's ``.git/modules/<name>`` and equals its common dir: not a worktree.
        """
        if self.git_dir == self.common_dir or self.common_dir.name != ".git":
            return None
        return self.common_dir.parent


def git_layout(directory: Path, env: Mapping[str, str]) -> GitLayout | None:
    """The layout of the repository holding ``directory``; None outside a work tree.

    Read from the files git reads where they settle it (ADR 0250), else asked of git: then
    None also without git.
    """
    found = read_layout(directory, env)
    if found == ASK_GIT:
        return asked_git_layout(directory, env)
    if found is None:
        return None
    toplevel, git_dir, common_dir = found
    return GitLayout(toplevel=toplevel, git_dir=git_dir, common_dir=common_dir)


def asked_git_layout(directory: Path, env: Mapping[str, str]) -> GitLayout | None:
    """``git rev-parse`` run in ``directory`` (one short child process); None on any failure."""
    import subprocess  # only when git's files leave a doubt (ADR 0250)

    try:
        done = subprocess.run(
            [
                "git",
                "rev-parse",
                "--path-format=absolute",
                "--show-toplevel",
                "--git-dir",
                "--git-common-dir",
            ],
            cwd=directory,
            env={**_without_capy_variables(env), "GIT_OPTIONAL_LOCKS": "0"},
            capture_output=True,
            text=True,
            timeout=GIT_TIMEOUT_SECONDS,
            check=False,
        )
    except (OSError, subprocess.SubprocessError, UnicodeDecodeError):
        return None
    lines = done.stdout.splitlines()
    if done.returncode != 0 or len(lines) != 3 or not all(Path(p).is_absolute() for p in lines):
        return None
    toplevel, git_dir, common_dir = (Path(line).resolve() for line in lines)
    return GitLayout(toplevel=toplevel, git_dir=git_dir, common_dir=common_dir)


class GitLayoutReader:
    """``git_layout`` with the process environment bound and answers remembered per directory."""

    def __init__(self, env: Mapping[str, str]) -> None:
        self._env = env
        self._seen: dict[Path, GitLayout | None] = {}

    def __call__(self, directory: Path) -> GitLayout | None:
        if directory not in self._seen:
            self._seen[directory] = git_layout(directory, self._env)
        return self._seen[directory]


def _without_capy_variables(env: Mapping[str, str]) -> dict[str, str]:
    """git needs none of capy's variables, and its environment is readable by the same user."""
    return {name: value for name, value in env.items() if not name.startswith("CAPY_")}
