"""The project root: flag, CLAUDE_PROJECT_DIR, git top level, marker walk-up, cwd."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from adapters.project.git_layout import GitLayoutReader, asked_git_layout, git_layout
from adapters.project.project_root import find_project_root
from domain.errors import ConfigError
from tests.integration.config.git_repos import git, new_repo

ENV = dict(os.environ)
NO_GIT = {"PATH": "/nonexistent"}


def test_git_top_level_from_a_subdirectory(tmp_path: Path) -> None:
    repo = new_repo(tmp_path / "repo")
    deep = repo / "src" / "pkg"
    deep.mkdir(parents=True)
    root = find_project_root(None, deep, ENV, GitLayoutReader(ENV))
    assert root.path == repo
    assert root.origin == "git top level"


def test_flag_beats_environment_beats_git(tmp_path: Path) -> None:
    repo = new_repo(tmp_path / "repo")
    other = tmp_path / "other"
    other.mkdir()
    env = {**ENV, "CLAUDE_PROJECT_DIR": str(other)}
    assert find_project_root(None, repo, env, GitLayoutReader(env)).path == other.resolve()
    assert find_project_root(None, repo, env, GitLayoutReader(env)).origin == "CLAUDE_PROJECT_DIR"
    (tmp_path / "sub").mkdir()
    flagged = find_project_root(Path("sub"), tmp_path, env, GitLayoutReader(env))
    assert flagged.path == (tmp_path / "sub").resolve()
    assert flagged.origin == "--project-dir"


@pytest.mark.parametrize("source", ["flag", "env"])
def test_an_explicit_directory_that_does_not_exist_is_an_error(tmp_path: Path, source: str) -> None:
    missing = tmp_path / "gone"
    env = {**ENV, "CLAUDE_PROJECT_DIR": str(missing)} if source == "env" else ENV
    with pytest.raises(ConfigError, match="not a directory"):
        find_project_root(
            missing if source == "flag" else None, tmp_path, env, GitLayoutReader(env)
        )


@pytest.mark.parametrize("marker", [".git", ".capy.toml", ".capy"])
def test_without_git_the_nearest_marker_wins(tmp_path: Path, marker: str) -> None:
    project = tmp_path / "project"
    deep = project / "a" / "b"
    deep.mkdir(parents=True)
    if marker == ".capy":
        (project / marker).mkdir()
    else:
        (project / marker).write_text("")
    root = find_project_root(None, deep, NO_GIT, GitLayoutReader(NO_GIT))
    assert root.path == project.resolve()
    assert marker in root.origin


def test_git_missing_is_skipped_and_the_walk_finds_the_repo(tmp_path: Path) -> None:
    repo = new_repo(tmp_path / "repo")
    (repo / "src").mkdir()
    assert asked_git_layout(repo / "src", NO_GIT) is None
    root = find_project_root(None, repo / "src", NO_GIT, lambda d: asked_git_layout(d, NO_GIT))
    assert root.path == repo
    assert ".git" in root.origin


def test_nothing_found_means_the_current_directory(tmp_path: Path) -> None:
    root = find_project_root(None, tmp_path, NO_GIT, GitLayoutReader(NO_GIT))
    assert root.path == tmp_path.resolve()
    assert root.origin == "current directory"


def test_layout_tells_a_linked_worktree_from_a_submodule(tmp_path: Path) -> None:
    main = new_repo(tmp_path / "main")
    library = new_repo(tmp_path / "library")
    git(main, "worktree", "add", "-q", str(tmp_path / "feature"))
    git(main, "submodule", "add", "-q", str(library), "vendor/library")
    worktree = git_layout(tmp_path / "feature", ENV)
    submodule = git_layout(main / "vendor" / "library", ENV)
    plain = git_layout(main, ENV)
    assert worktree is not None and worktree.main_worktree == main
    assert submodule is not None and submodule.main_worktree is None
    assert submodule.toplevel == main / "vendor" / "library"
    assert plain is not None and plain.main_worktree is None
