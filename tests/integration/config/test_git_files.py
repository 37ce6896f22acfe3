"""The layout read from git's files is the one ``git rev-parse`` gives, on real layouts.

Each case builds a layout with git in a temporary directory, then compares ``git_layout`` (the
files first) with ``asked_git_layout`` (always git) from a directory in it, and says whether the
files alone settle it or git must be asked.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import tempfile
from collections.abc import Callable
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from adapters.project.git_files import ASK_GIT, read_layout
from adapters.project.git_layout import asked_git_layout, git_layout
from tests.integration.config.git_repos import git, new_repo

FILES = "files"
ASK = "ask"


def _env(home: Path, **extra: str) -> dict[str, str]:
    return {"PATH": os.environ["PATH"], "HOME": str(home), **extra}


def plain_root(tmp: Path) -> Path:
    return new_repo(tmp / "repo")


def plain_subdirectory(tmp: Path) -> Path:
    deep = new_repo(tmp / "repo") / "src" / "pkg"
    deep.mkdir(parents=True)
    return deep


def linked_worktree(tmp: Path) -> Path:
    git(new_repo(tmp / "main"), "worktree", "add", "-q", str(tmp / "feature"))
    return tmp / "feature"


def linked_worktree_subdirectory(tmp: Path) -> Path:
    (linked_worktree(tmp) / "docs").mkdir()
    return tmp / "feature" / "docs"


def _with_submodule(tmp: Path) -> Path:
    main = new_repo(tmp / "main")
    git(main, "submodule", "add", "-q", str(new_repo(tmp / "library")), "vendor/library")
    return main / "vendor" / "library"


def submodule(tmp: Path) -> Path:
    return _with_submodule(tmp)


def submodule_subdirectory(tmp: Path) -> Path:
    (_with_submodule(tmp) / "inner").mkdir()
    return tmp / "main" / "vendor" / "library" / "inner"


def nested_repository(tmp: Path) -> Path:
    outer = new_repo(tmp / "outer")
    inner = new_repo(outer / "third_party" / "inner") / "lib"
    inner.mkdir()
    return inner


def outer_around_nested(tmp: Path) -> Path:
    nested_repository(tmp)
    return tmp / "outer" / "third_party"


def symlink_into_repository(tmp: Path) -> Path:
    deep = plain_subdirectory(tmp)
    (tmp / "link").symlink_to(deep, target_is_directory=True)
    return tmp / "link"


def separate_git_dir(tmp: Path) -> Path:
    (tmp / "work").mkdir()
    git(tmp / "work", "init", "-q", "--separate-git-dir", str(tmp / "store.git"))
    return tmp / "work"


def dot_git_symlink(tmp: Path) -> Path:
    repo = new_repo(tmp / "repo")
    (repo / ".git").rename(tmp / "moved.git")
    (repo / ".git").symlink_to(tmp / "moved.git", target_is_directory=True)
    return repo


def empty_dot_git_inside_repository(tmp: Path) -> Path:
    project = new_repo(tmp / "repo") / "fixtures" / "project"
    (project / ".git").mkdir(parents=True)
    return project


def empty_dot_git_alone(tmp: Path) -> Path:
    (tmp / "project" / ".git").mkdir(parents=True)
    return tmp / "project"


def no_repository(tmp: Path) -> Path:
    (tmp / "plain" / "dir").mkdir(parents=True)
    return tmp / "plain" / "dir"


def gitfile_to_missing_dir(tmp: Path) -> Path:
    (tmp / "broken").mkdir()
    (tmp / "broken" / ".git").write_text(f"gitdir: {tmp / 'gone'}\n")
    return tmp / "broken"


def gitfile_without_prefix(tmp: Path) -> Path:
    (tmp / "broken").mkdir()
    (tmp / "broken" / ".git").write_text("not a pointer\n")
    return tmp / "broken"


def commondir_in_a_symlink_loop(tmp: Path) -> Path:
    repo = new_repo(tmp / "repo")
    (tmp / "loop").symlink_to(tmp / "loop")
    (repo / ".git" / "commondir").write_text(str(tmp / "loop"))
    return repo


def bare_repository(tmp: Path) -> Path:
    (tmp / "bare.git").mkdir()
    git(tmp / "bare.git", "init", "-q", "--bare")
    return tmp / "bare.git"


def inside_dot_git(tmp: Path) -> Path:
    return new_repo(tmp / "repo") / ".git" / "refs"


def head_file_above(tmp: Path) -> Path:
    (tmp / "project" / "src").mkdir(parents=True)
    (tmp / "project" / "HEAD").write_text("not git's\n")
    return tmp / "project" / "src"


def _configured(*lines: str) -> Callable[[Path], Path]:
    def build(tmp: Path) -> Path:
        repo = new_repo(tmp / "repo")
        with (repo / ".git" / "config").open("a") as config:
            config.write("".join(f"{line}\n" for line in lines))
        (repo / "sub").mkdir()
        return repo / "sub"

    return build


def moved_worktree(tmp: Path) -> Path:
    repo = new_repo(tmp / "repo")
    (tmp / "elsewhere").mkdir()
    git(repo, "config", "core.worktree", str(tmp / "elsewhere"))
    return repo


CASES: list[tuple[str, Callable[[Path], Path], str]] = [
    ("plain repository", plain_root, FILES),
    ("its subdirectory", plain_subdirectory, FILES),
    ("linked worktree", linked_worktree, FILES),
    ("linked worktree's subdirectory", linked_worktree_subdirectory, FILES),
    ("submodule", submodule, FILES),
    ("submodule's subdirectory", submodule_subdirectory, FILES),
    ("repository nested in another", nested_repository, FILES),
    ("outer repository around a nested one", outer_around_nested, FILES),
    ("symlinked directory into a repository", symlink_into_repository, FILES),
    ("--separate-git-dir", separate_git_dir, FILES),
    (".git a symlink to the git dir", dot_git_symlink, FILES),
    ("empty .git inside a repository", empty_dot_git_inside_repository, FILES),
    ("empty .git and nothing above", empty_dot_git_alone, FILES),
    ("no repository", no_repository, FILES),
    ("core.worktree elsewhere", moved_worktree, FILES),
    ("core.bare false spelled no", _configured("[core]", "\tbare = no"), FILES),
    (".git file naming a missing directory", gitfile_to_missing_dir, ASK),
    (".git file without gitdir:", gitfile_without_prefix, ASK),
    ("bare repository", bare_repository, ASK),
    ("commondir in a symlink loop", commondir_in_a_symlink_loop, ASK),
    ("inside the .git directory", inside_dot_git, ASK),
    ("a HEAD file in a parent", head_file_above, ASK),
    ("core.bare true", _configured("[core]", "\tbare = true"), ASK),
    ("an extension", _configured("[extensions]", "\tworktreeConfig = true"), ASK),
    ("an include", _configured("[include]", "\tpath = missing.conf"), ASK),
    ("a config line git cannot read", _configured("[core", "x"), ASK),
    ("format version 2", _configured("[core]", "\trepositoryformatversion = 2"), ASK),
]


@pytest.mark.parametrize(("build", "settled_by"), [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_the_files_give_what_git_gives(
    tmp_path: Path, build: Callable[[Path], Path], settled_by: str
) -> None:
    home = tmp_path / "home"
    home.mkdir()
    (tmp_path / "layout").mkdir()
    directory = build(tmp_path / "layout")
    env = _env(home)
    assert git_layout(directory, env) == asked_git_layout(directory, env)
    assert (read_layout(directory, env) != ASK_GIT) == (settled_by == FILES)


@pytest.mark.parametrize(
    "variable",
    ["GIT_DIR", "GIT_WORK_TREE", "GIT_CEILING_DIRECTORIES", "GIT_DISCOVERY_ACROSS_FILESYSTEM"],
)
def test_git_variables_that_move_the_walk_are_left_to_git(tmp_path: Path, variable: str) -> None:
    deep = plain_subdirectory(tmp_path)
    other = new_repo(tmp_path / "other")
    value = {
        "GIT_DIR": str(other / ".git"),
        "GIT_WORK_TREE": str(other),
        "GIT_CEILING_DIRECTORIES": str(tmp_path / "repo"),
        "GIT_DISCOVERY_ACROSS_FILESYSTEM": "1",
    }[variable]
    env = _env(tmp_path, **{variable: value})
    assert read_layout(deep, env) == ASK_GIT
    assert git_layout(deep, env) == asked_git_layout(deep, env)


@pytest.mark.skipif(os.geteuid() != 0, reason="giving files to another user needs root")
@pytest.mark.parametrize("part", ["directory", ".git"])
def test_a_repository_of_another_user_is_left_to_git(tmp_path: Path, part: str) -> None:
    repo = new_repo(tmp_path / "repo")
    os.chown(repo if part == "directory" else repo / ".git", 4242, 4242)
    env = _env(tmp_path)
    assert read_layout(repo, env) == ASK_GIT
    assert git_layout(repo, env) == asked_git_layout(repo, env) is None  # dubious ownership


def test_without_git_the_files_still_answer(tmp_path: Path) -> None:
    worktree = linked_worktree(tmp_path)
    no_git = {"PATH": "/nonexistent"}
    assert asked_git_layout(worktree, no_git) is None
    found = git_layout(worktree, no_git)
    assert found is not None and found.main_worktree == tmp_path / "main"


def test_git_missing_from_the_path_is_only_needed_when_in_doubt(tmp_path: Path) -> None:
    assert shutil.which("git") is not None
    repo = bare_repository(tmp_path)
    assert git_layout(repo, {"PATH": "/nonexistent"}) is None


CONFIG_LINES = [
    "[core]",
    "[Core]",
    "[CORE]",
    '[core "x"]',
    "[core.sub]",
    "[ core ]",
    "[core]bare=true",
    "\tbare = false",
    "\tBare = No",
    "\tbare",
    "\tbare =",
    "\tbare = true",
    "bare=0",
    "  bare = off  ",
    "\tbare = false\r",
    "\trepositoryformatversion = 0",
    "\trepositoryformatversion = 1",
    "\trepositoryformatversion = 3",
    "\tworktree = ..",
    "\tworktree = ../sub",
    "\tworktree = ../sub # a comment",
    "\tworktree = ../sub\t",
    "\tworktree = /nonexistent",
    "\twork-tree = x",
    "[extensions]",
    "[extensionsx]",
    "\tnoop = x",
    "[include]",
    '[includeIf "gitdir:x"]',
    "\tpath = x",
    '[remote "origin"]',
    '[remote\t"x"]',
    '[core "a\\"b"]',
    "\turl = /x/y",
    "\tfetch = +refs/heads/*:refs/remotes/origin/*",
    '\tval = "quoted"',
    "\tname = José",
    "na me = x",
    "x\u00a0= 1",
    "\ufeff[core]",
    "[broken",
    "\tkey",
    "# a comment",
    "; a comment",
    "",
]
HEADS = [
    "ref: refs/heads/main\n",
    "ref:refs/heads/x",
    "0123456789abcdef" * 2 + "01234567",
    "junk\n",
    "",
]


@settings(max_examples=40, deadline=None)
@given(
    lines=st.lists(st.sampled_from(CONFIG_LINES), max_size=10),
    keep_config=st.booleans(),
    head=st.none() | st.sampled_from(HEADS),
    removed=st.none() | st.sampled_from(["objects", "refs"]),
    commondir=st.none() | st.sampled_from([".", "..", "/nonexistent", "", "./\n"]),
    from_sub=st.booleans(),
)
def test_odd_repository_files_give_what_git_gives(
    lines: list[str],
    keep_config: bool,
    head: str | None,
    removed: str | None,
    commondir: str | None,
    from_sub: bool,
) -> None:
    with tempfile.TemporaryDirectory() as temporary:
        home = Path(temporary) / "home"
        repo = Path(temporary) / "repo"
        (repo / "sub").mkdir(parents=True)
        home.mkdir()
        env = _env(home)
        subprocess.run(["git", "init", "-q"], cwd=repo, env=env, check=True)
        config = repo / ".git" / "config"
        added = "".join(f"{line}\n" for line in lines)
        config.write_text((config.read_text() if keep_config else "") + added)
        if head is not None:
            (repo / ".git" / "HEAD").write_text(head)
        if removed is not None:
            shutil.rmtree(repo / ".git" / removed)
        if commondir is not None:
            (repo / ".git" / "commondir").write_text(commondir)
        directory = repo / "sub" if from_sub else repo
        assert git_layout(directory, env) == asked_git_layout(directory, env)
