"""Which stored names may become paths on disk when a session is restored.

A vault can hold sessions merged from another machine, so every stored name is untrusted: a
sidecar path must stay below the session's folder, and a project folder name must be one plain
folder name. Anything else is skipped, never written.
"""

from __future__ import annotations

import re
from collections.abc import Callable
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


# Characters Claude Code turns into "-" in a project folder name, most likely first.
_SEPARATORS = ("/", "-", ".", "_", " ")
UNMANGLE_PROBES = 2000


def unmangle(
    name: str, is_directory: Callable[[str], bool], probes: int = UNMANGLE_PROBES
) -> str | None:
    """The existing directory a mangled project folder name stands for, or None.

    Every ``-`` in the name was one character that is not a letter or digit (``/``, ``-``,
    ``.``, ``_``, a space…), so the name is ambiguous; candidates are checked against the file
    system, a ``/`` only where the path so far is a directory, at most ``probes`` checks.
    """
    if not name.startswith("-"):
        return None
    tokens = name[1:].split("-")
    budget = [probes]

    def probe(path: str) -> bool:
        if budget[0] <= 0:
            return False
        budget[0] -= 1
        return is_directory(path)

    def search(built: str, index: int) -> str | None:
        if index == len(tokens):
            return built if probe(built) else None
        for separator in _SEPARATORS:
            if separator == "/" and (built.endswith("/") or not probe(built)):
                continue
            found = search(built + separator + tokens[index], index + 1)
            if found is not None:
                return found
            if budget[0] <= 0:
                return None
        return None

    return search("/" + tokens[0], 1)
