"""Which stored names may become paths on disk when a session is restored.

A vault can hold sessions merged from another machine, so every stored name is untrusted: a
sidecar path must stay below the session's folder, and a project folder name must be one plain
folder name. Anything else is skipped, never written.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from pathlib import Path, PurePosixPath

from domain.errors import InvalidInput
from domain.vault.session import VaultSession

_MANGLE = re.compile(r"[^A-Za-z0-9]")
_MAX_FOLDER_NAME = 200


def safe_relative_path(name: str) -> PurePosixPath | None:
    """``name`` as a relative path with no way up or out, or None when it is not one: every
    ``/``-separated part must be a plain name (not empty, ``.`` or ``..``)."""
    if not name or "\x00" in name or "\\" in name or re.match(r"^[A-Za-z]:", name):
        return None
    parts = name.split("/")
    if any(part in ("", ".", "..") for part in parts):
        return None
    return PurePosixPath(*parts)


def safe_folder_name(name: str) -> bool:
    """One plain folder name (Claude's mangled project folder): no separators, no dots only."""
    return bool(name) and safe_relative_path(name) is not None and "/" not in name


def refusal(session: VaultSession, relative_paths: Iterable[str] = ()) -> str | None:
    """Why a session cannot come into the vault, or None: its id, its project folder and every
    file name must be names a restore could write (checked at the door, not at restore)."""
    if not safe_folder_name(session.uuid):
        return f"its id {session.uuid!r} is not a plain name"
    if session.claude_project_dir and not safe_folder_name(session.claude_project_dir):
        return f"its project folder {session.claude_project_dir!r} is not a plain folder name"
    for name in relative_paths:
        if safe_relative_path(name) is None:
            return f"its file name {name!r} leaves the session's folder"
    return None


def mangled_project_folder(project_path: str) -> str | None:
    """The folder name Claude Code keeps a project's sessions under: the absolute path with
    every character that is not a letter or digit replaced by ``-``. Long names are shortened
    by Claude with a hash this cannot reproduce: None then."""
    mangled = _MANGLE.sub("-", project_path)
    return mangled if len(mangled) <= _MAX_FOLDER_NAME else None


def recorded_folder(projects_dir: Path, session: VaultSession) -> Path:
    """Where Claude Code kept the session: its project folder under the projects directory."""
    if not safe_folder_name(session.claude_project_dir):
        raise InvalidInput(
            f"the session's recorded project folder {session.claude_project_dir!r} is not a "
            "plain folder name",
            "choose where to restore it with --output",
        )
    return projects_dir / session.claude_project_dir


UNMANGLE_LISTINGS = 500


def unmangle(
    name: str, list_directories: Callable[[str], list[str]], listings: int = UNMANGLE_LISTINGS
) -> str | None:
    """The existing directory a mangled project folder name stands for, or None.

    Every ``-`` in the name was one character that is not a letter or digit (``/``, ``-``,
    ``.``, ``_``, a space…), so the name alone is ambiguous. Walking down from ``/``, a child
    directory fits when its own mangled name is the next part of the name; at most
    ``listings`` directories are listed.
    """
    if not name.startswith("-"):
        return None
    budget = [listings]

    def search(path: str, rest: str) -> str | None:
        if not rest:
            return path
        if budget[0] <= 0:
            return None
        budget[0] -= 1
        for child in list_directories(path):
            mangled = _MANGLE.sub("-", child)
            joined = path.rstrip("/") + "/" + child
            if rest == mangled:
                return joined
            if rest.startswith(mangled + "-"):
                found = search(joined, rest[len(mangled) + 1 :])
                if found is not None:
                    return found
        return None

    return search("/", name[1:])
