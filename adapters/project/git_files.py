"""A directory's git layout read from the files git itself reads, where they leave no doubt.

``git rev-parse --show-toplevel --git-dir --git-common-dir`` walks up from the directory looking
for ``.git`` and reads a handful of small files on the way. ``read_layout`` takes the same walk
for the common layouts — a ``.git`` directory, a ``.git`` file (``gitdir: …``) of a linked
worktree or a submodule, with ``commondir`` and a submodule's ``core.worktree`` — and answers
``ASK_GIT`` for anything it cannot settle as git would (a ``GIT_*`` variable that may change the
walk, a bare repository, a file that is missing, odd or owned by another user, a configuration
it does not fully understand). "Not a repository" (None) is given only where git says so too:
no ``.git`` up to ``/``, or the walk stopped at a file-system boundary.
"""

from __future__ import annotations

import os
import stat
from collections.abc import Mapping
from pathlib import Path
from typing import Final, Literal

ASK_GIT: Final = "ask git"
Answer = tuple[Path, Path, Path] | None | Literal["ask git"]

# ``GIT_*`` variables that only name a program, a person or a network setting: none of them
# changes where git finds a repository. Any other one (GIT_DIR, GIT_WORK_TREE, GIT_COMMON_DIR,
# GIT_CEILING_DIRECTORIES, GIT_DISCOVERY_ACROSS_FILESYSTEM, GIT_CONFIG_*, …) is left to git.
_HARMLESS_VARIABLES = frozenset(
    {
        "GIT_OPTIONAL_LOCKS",
        "GIT_EDITOR",
        "GIT_SEQUENCE_EDITOR",
        "GIT_PAGER",
        "GIT_AUTHOR_NAME",
        "GIT_AUTHOR_EMAIL",
        "GIT_AUTHOR_DATE",
        "GIT_COMMITTER_NAME",
        "GIT_COMMITTER_EMAIL",
        "GIT_COMMITTER_DATE",
        "GIT_TERMINAL_PROMPT",
        "GIT_ASKPASS",
        "GIT_SSH",
        "GIT_SSH_COMMAND",
        "GIT_SSH_VARIANT",
        "GIT_SSL_CAINFO",
        "GIT_SSL_CAPATH",
        "GIT_SSL_NO_VERIFY",
        "GIT_HTTP_USER_AGENT",
        "GIT_MERGE_AUTOEDIT",
    }
)
_GITFILE_PREFIX = b"gitdir: "
_MAX_SMALL_FILE = 4096
_HEX = frozenset(b"0123456789abcdefABCDEF")
_NAME = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-")
_CONTROL = frozenset(chr(c) for c in range(32) if chr(c) not in "\t\n") | {"\x7f"}
_BLANK = " \t"
_FALSE = frozenset({"false", "no", "off", "0"})


class _AskGit(Exception):
    """Something on the walk that only git can judge."""


def read_layout(directory: Path, env: Mapping[str, str]) -> Answer:
    """``(toplevel, git_dir, common_dir)`` as real paths, None outside a repository, or
    ``ASK_GIT`` when the files leave any doubt about what git would answer."""
    if any(name.startswith("GIT_") and name not in _HARMLESS_VARIABLES for name in env):
        return ASK_GIT
    try:
        return _walk(directory)
    except (_AskGit, OSError, ValueError, RuntimeError):  # RuntimeError: a symlink loop
        return ASK_GIT


def _walk(directory: Path) -> tuple[Path, Path, Path] | None:
    """git's discovery: at each level ``.git`` first, then the level itself as a git dir."""
    current = directory.resolve()  # git starts from getcwd(): the physical path
    here = current.stat()
    if not stat.S_ISDIR(here.st_mode):
        raise _AskGit
    while True:
        found = _repository_at(current)
        if found is not None:
            return found
        if _lexists(current / "HEAD"):
            raise _AskGit  # maybe a bare repository, or inside a .git directory
        parent = current.parent
        if parent == current:
            return None
        if parent.stat().st_dev != here.st_dev:
            return None  # git stops at a file-system boundary unless told otherwise
        current = parent


def _lexists(path: Path) -> bool:
    try:
        path.lstat()
    except OSError:
        return False
    return True


def _repository_at(directory: Path) -> tuple[Path, Path, Path] | None:
    dot_git = directory / ".git"
    try:
        found = dot_git.stat()
    except OSError:
        return None  # git looks further up whenever .git cannot be stat'ed
    if stat.S_ISREG(found.st_mode):
        git_dir = _gitfile_target(dot_git, found.st_size)
    elif _is_git_directory(dot_git):
        git_dir = dot_git
    else:
        return None  # e.g. an empty .git directory: git looks further up
    common_dir, shared = _common_dir(git_dir)
    for path in (dot_git, directory, git_dir, common_dir):
        if path.lstat().st_uid != os.geteuid():
            raise _AskGit  # safe.directory and its exceptions are git's to judge
    work_tree = _configured_work_tree(common_dir / "config", shared)
    if work_tree is None:
        toplevel = directory
    else:
        toplevel = (git_dir.resolve() / work_tree).resolve()
        if not toplevel.is_dir() or toplevel.stat().st_uid != os.geteuid():
            raise _AskGit
    return toplevel, git_dir.resolve(), common_dir  # the walk's directories are real paths


def _gitfile_target(dot_git: Path, size: int) -> Path:
    """The git dir a ``.git`` file names, checked as git checks it."""
    if size > _MAX_SMALL_FILE:
        raise _AskGit
    with dot_git.open("rb") as file:
        content = file.read(_MAX_SMALL_FILE + 1)
    if len(content) != size or not content.startswith(_GITFILE_PREFIX) or b"\0" in content:
        raise _AskGit
    named = os.fsdecode(content[len(_GITFILE_PREFIX) :].rstrip(b"\r\n"))
    if not named:
        raise _AskGit
    target = dot_git.parent / named
    if not _is_git_directory(target):
        raise _AskGit  # git stops with "not a git repository: …"
    return target.resolve()


def _is_git_directory(suspect: Path) -> bool:
    """git's test: a valid HEAD, then ``objects`` and ``refs`` in the common dir.

    False only where git's answer is surely no (no HEAD at all); any other doubt asks git.
    """
    head = suspect / "HEAD"
    try:
        found = head.lstat()
    except OSError:
        return False
    if not stat.S_ISREG(found.st_mode):
        raise _AskGit
    with head.open("rb") as file:
        start = file.read(255)
    symbolic = start.startswith(b"ref:") and start[4:].lstrip().startswith(b"refs/")
    if not symbolic and not (len(start) >= 40 and _HEX.issuperset(start[:40])):
        raise _AskGit
    common_dir, _ = _common_dir(suspect)
    for part in ("objects", "refs"):
        if not os.access(common_dir / part, os.X_OK):
            raise _AskGit
    return True


def _common_dir(git_dir: Path) -> tuple[Path, bool]:
    """The repository's common dir (``commondir`` of a linked worktree) and whether it is one."""
    pointer = git_dir / "commondir"
    try:
        found = pointer.lstat()
    except FileNotFoundError:
        return git_dir.resolve(), False
    if not stat.S_ISREG(found.st_mode) or found.st_size > _MAX_SMALL_FILE:
        raise _AskGit
    with pointer.open("rb") as file:
        content = file.read().rstrip(b"\r\n")
    if not content or b"\0" in content:
        raise _AskGit
    common_dir = (git_dir / os.fsdecode(content)).resolve(strict=True)
    if not common_dir.is_dir():
        raise _AskGit
    return common_dir, True


def _configured_work_tree(config_file: Path, shared: bool) -> str | None:
    """``core.worktree`` of a repository that is surely not bare and needs no extension.

    Only a plain configuration is read: sections, ``key = value`` lines and comments. Quotes
    or backslashes in a value, includes, extensions, ``core.bare`` other than false, a work tree
    named by a linked worktree's shared configuration: all are left to git.
    """
    try:
        text = config_file.read_text(encoding="utf-8")
    except FileNotFoundError:
        return None
    except UnicodeDecodeError as error:
        raise _AskGit from error
    if not _CONTROL.isdisjoint(text):
        raise _AskGit  # carriage returns, form feeds…: git may read the lines otherwise
    section = ""
    work_tree: str | None = None
    for raw in text.split("\n"):
        line = raw.strip(_BLANK)
        if not line or line[0] in "#;":
            continue
        if line[0] == "[":
            section = _section(line)
            continue
        key, equals, value = line.partition("=")
        key = key.rstrip(_BLANK)
        if not section or not _is_name(key) or '"' in value or "\\" in value:
            raise _AskGit
        key = key.lower()
        setting = value.strip(_BLANK) if equals else None
        if section != "core":
            continue
        if setting is not None and any(c in setting for c in "#;\t"):
            raise _AskGit  # a comment after the value, or tabs git would turn into spaces
        if key == "bare" and (setting is None or setting.lower() not in _FALSE):
            raise _AskGit
        if key == "repositoryformatversion" and setting not in ("0", "1"):
            raise _AskGit
        if key == "worktree":
            if shared or not setting or work_tree is not None:
                raise _AskGit
            work_tree = setting
    return work_tree


def _section(line: str) -> str:
    """The lowered name of a ``[section]`` line; ``[section "sub"]`` is not ``section``."""
    if not line.endswith("]"):
        raise _AskGit
    name, _, sub = line[1:-1].partition(" ")
    name = name.lower()
    if not _is_name(name, first_letter=False) or name.startswith(("include", "extensions")):
        raise _AskGit
    sub = sub.lstrip(_BLANK)
    if not sub:
        return name
    if len(sub) < 2 or sub[0] != '"' or sub[-1] != '"' or any(c in sub[1:-1] for c in '"\\'):
        raise _AskGit
    return f"{name} subsection"


def _is_name(word: str, *, first_letter: bool = True) -> bool:
    """Letters, digits and dashes (a key begins with a letter), as git wants them."""
    if not word or not _NAME.issuperset(word):
        return False
    return word[0].isalpha() if first_letter else True
