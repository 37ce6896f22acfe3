"""Which of Claude Code's project directories hold a project's sessions.

Claude Code files a session under ``<config dir>/projects/<mangled cwd>/``, where the mangled
name is the absolute directory the session started in with every character other than a
letter or digit replaced by ``-`` (older versions replaced only ``/`` and ``.``); names longer
than 200 characters are cut and given a hash suffix. ``CLAUDE_CONFIG_DIR`` moves the config
dir (default ``~/.claude``), and ``CLAUDE_CODE_PROJECT_DIR_NAME`` pins the directory name.

Mangling is lossy (``/a/b-c`` and ``/a/b/c`` share a name), so a directory is confirmed by the
``cwd`` its sessions record whenever the name alone could mean another place: a project's
sessions are the ones started in it or below it.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterable, Mapping
from pathlib import Path, PurePath

from adapters.claude_sessions.jsonl_stream import head_objects

PROJECTS = "projects"
MAX_NAME_CHARS = 200
_NOT_ALNUM = re.compile(r"[^A-Za-z0-9]")
# Lines read per session file, and files per directory, while looking for a recorded cwd.
HEAD_LINES = 30
HEAD_LINE_BYTES = 1024 * 1024
FILES_PROBED = 5


def projects_root(env: Mapping[str, str], home: Path) -> Path:
    """``$CLAUDE_CONFIG_DIR/projects``, else ``~/.claude/projects``."""
    configured = env.get("CLAUDE_CONFIG_DIR", "").strip()
    base = Path(configured).expanduser() if configured else home / ".claude"
    return base / PROJECTS


def mangled_names(path: PurePath) -> tuple[str, ...]:
    """The directory names Claude Code versions give a session started in ``path``."""
    text = str(path)
    names = dict.fromkeys((_NOT_ALNUM.sub("-", text), text.replace("/", "-").replace(".", "-")))
    return tuple(names)


def within(cwd: str, places: Iterable[Path]) -> bool:
    """Whether a recorded working directory is one of ``places`` or below one (also once its
    symlinks are resolved)."""
    if not cwd:
        return False
    candidates = {PurePath(cwd), PurePath(os.path.realpath(cwd))}
    return any(c == place or place in c.parents for c in candidates for place in places)


def recorded_cwd(directory: Path) -> str:
    """The first ``cwd`` a session in ``directory`` records (``""`` if none says)."""
    try:
        with os.scandir(directory) as scan:
            files = sorted(
                e.path
                for e in scan
                if e.name.endswith(".jsonl") and e.is_file(follow_symlinks=False)
            )
    except OSError:
        return ""
    for file in files[:FILES_PROBED]:
        for data in head_objects(Path(file), HEAD_LINES, HEAD_LINE_BYTES):
            cwd = data.get("cwd")
            if isinstance(cwd, str) and cwd:
                return cwd
    return ""


def child_dirs(root: Path | str) -> list[str]:
    """The names of the directories in ``root`` (symlinks not followed), sorted."""
    return _child_dirs(Path(root))


def _child_dirs(root: Path) -> list[str]:
    try:
        with os.scandir(root) as scan:
            return sorted(e.name for e in scan if e.is_dir(follow_symlinks=False))
    except OSError:
        return []


def project_dirs(root: Path, places: Iterable[Path], env: Mapping[str, str]) -> list[Path]:
    """The project directories under ``root`` holding sessions started in one of ``places``
    (a project and its linked worktrees) or a directory below one of them."""
    wanted = [Path(p) for p in dict.fromkeys(places)]
    pinned = env.get("CLAUDE_CODE_PROJECT_DIR_NAME", "").strip()
    found: list[str] = []
    children = _child_dirs(root)
    for name in children:
        if pinned and name == pinned:
            found.append(name)
            continue
        exact = plausible = False
        for place in wanted:
            for mangled in mangled_names(place):
                exact = exact or name == mangled
                plausible = (
                    plausible
                    or name.startswith(mangled + "-")
                    or (len(mangled) > MAX_NAME_CHARS and name.startswith(mangled[:MAX_NAME_CHARS]))
                )
        if not (exact or plausible):
            continue
        cwd = recorded_cwd(root / name)
        if within(cwd, wanted) or (exact and not cwd):
            found.append(name)
    return [root / name for name in found]


def session_dirs_under(root: Path) -> list[Path]:
    """Every directory holding session files under ``root``, sorted.

    ``root`` may be a config dir (holding ``projects/``), the projects directory itself, or one
    project directory; each layout is recognised by where the ``*.jsonl`` files are.
    """
    if (root / PROJECTS).is_dir() and not root.is_symlink():
        root = root / PROJECTS
    if _holds_sessions(root):
        return [root]
    return [root / name for name in _child_dirs(root) if _holds_sessions(root / name)]


def _holds_sessions(directory: Path) -> bool:
    try:
        with os.scandir(directory) as scan:
            return any(e.name.endswith(".jsonl") and e.is_file(follow_symlinks=False) for e in scan)
    except OSError:
        return False
