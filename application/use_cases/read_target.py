"""Resolving a path the agent gave into the canonical forms ``Read`` rules are matched on.

One resolver for the MCP server and the hook (which imports it: no pathlib, ADR 0020).
Relative paths are taken from the project root (not the process's working directory); ``~``,
``..`` and symlinks are resolved. A file with several hard links is found under its other
names where a ``Read`` rule or a protected place could apply (``search_roots``), so a link to
``.env`` is ``.env``. The search is bounded; past the bound the target says so and the caller
fails closed.
"""

# On the hook path: no pathlib (ADR 0020).
# ruff: noqa: PTH109, PTH111, PTH116, PTH118

from __future__ import annotations

import fnmatch
import os

from domain.errors import InvalidInput
from domain.permissions.path_rules import ReadTarget, SearchRoot, search_roots
from domain.permissions.protected_paths import ProtectedPath
from domain.permissions.rules import PermissionPolicy, RuleKind

MAX_PATH_CHARS = 4096  # PATH_MAX on Linux
MAX_NAME_CHARS = 255  # NAME_MAX
MAX_ENTRIES_SEARCHED = 200_000


def check_path_text(given: str, what: str = "path") -> None:
    """Refuse a path no file system accepts, saying what is wrong with it."""
    if "\0" in given:
        raise InvalidInput(
            f"the {what} holds a NUL byte (at character {given.index(chr(0)):,})",
            "pass the path as plain text without \\u0000",
        )
    if len(given) > MAX_PATH_CHARS:
        raise InvalidInput(
            f"the {what} is {len(given):,} characters long; paths are at most {MAX_PATH_CHARS:,}",
            "pass the path of an existing file, relative to the project root",
        )
    longest = max((len(part) for part in given.split("/")), default=0)
    if longest > MAX_NAME_CHARS:
        raise InvalidInput(
            f"a part of the {what} is {longest:,} characters long; file names are at most "
            f"{MAX_NAME_CHARS}",
            "pass the path of an existing file, relative to the project root",
        )


def resolve_read_target(
    given: str, project_root: str | os.PathLike[str], search: tuple[SearchRoot, ...] = ()
) -> ReadTarget:
    """``./.env``, ``~/p/.env``, ``/abs/p/.env`` and a hard link to it resolve to one file."""
    check_path_text(given)
    root = os.path.realpath(os.fspath(project_root) or os.getcwd())
    absolute = os.path.realpath(os.path.join(root, os.path.expanduser(given)))
    target = _target(given, absolute, root)
    try:
        info = os.stat(absolute)
    except OSError:
        return target
    if info.st_nlink <= 1 or not search:
        return target
    names, complete = _other_names(absolute, (info.st_dev, info.st_ino), search)
    return ReadTarget(
        given,
        target.absolute,
        target.relative,
        links=info.st_nlink,
        aliases=tuple(_target(name, name, root) for name in names),
        unsearched=not complete,
    )


def _target(given: str, absolute: str, root: str) -> ReadTarget:
    relative: str | None = os.path.relpath(absolute, root)
    if relative == os.curdir:
        relative = ""
    elif relative == os.pardir or (relative or "").startswith(os.pardir + os.sep):
        relative = None
    return ReadTarget(
        given=given,
        absolute=absolute.replace(os.sep, "/"),
        relative=None if relative is None else relative.replace(os.sep, "/"),
    )


def _other_names(
    absolute: str, identity: tuple[int, int], search: tuple[SearchRoot, ...]
) -> tuple[list[str], bool]:
    """Other paths of the file ``identity`` under the search roots; False when the search
    stopped at ``MAX_ENTRIES_SEARCHED`` entries."""
    found: list[str] = []
    budget = MAX_ENTRIES_SEARCHED
    for root in search:
        stack: list[tuple[str, bool]] = [(root.directory, root.name == "*")]
        while stack:
            directory, everything = stack.pop()
            try:
                entries = list(os.scandir(directory))
            except OSError:
                continue
            budget -= len(entries)
            if budget < 0:
                return found, False
            for entry in entries:
                matches = everything or fnmatch.fnmatchcase(entry.name, root.name)
                try:
                    if entry.is_dir(follow_symlinks=False):
                        stack.append((entry.path, matches))
                        continue
                    if not matches:
                        continue
                    info = entry.stat()
                except OSError:
                    continue
                same = (info.st_dev, info.st_ino) == identity
                if same and os.path.realpath(entry.path) != absolute and entry.path not in found:
                    found.append(os.path.realpath(entry.path))
    return found, True


def read_search(
    policy: PermissionPolicy,
    project_root: str | os.PathLike[str],
    protected: tuple[ProtectedPath, ...] = (),
) -> tuple[SearchRoot, ...]:
    """Where to look for other names of a file: wherever a ``Read`` deny or ask rule, or a
    protected place, could cover them."""
    specifiers = tuple(
        r.specifier for r in policy.rules if r.tool == "Read" and r.kind is not RuleKind.ALLOW
    )
    roots = search_roots(specifiers, os.fspath(project_root)) if specifiers else ()
    return roots + tuple(SearchRoot(place.path) for place in protected)
