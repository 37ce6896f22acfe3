"""Places sandboxed code must not touch whatever the user's rules say: capy's own key store.

The sandbox runs as the user, so it cannot hide a file; this is a tripwire. It refuses code that
names the key store or capy's config directory holding it — absolute, ``~``, ``$HOME``,
``$XDG_CONFIG_HOME``, with ``//``, ``/./`` or ``../`` in it, as joined string literals, as a glob
that can match it, or relative to a parent directory the code also names (``cd ~/.config &&
cat capy/keys/*``) — and ``capy_execute_file``/``capy_index`` on anything inside it, under any
of its names. A path assembled at run time stays out of its reach (ADR 0018).
"""

from __future__ import annotations

import fnmatch
import re

from domain.errors import PolicyDenied
from domain.hooks.value import Value
from domain.permissions.path_mentions import mentioned_paths, normalise
from domain.permissions.path_rules import ReadTarget

_GLOB = frozenset("*?[")


class ProtectedPath(Value):
    """A protected directory; ``home`` and ``variables`` (``XDG_CONFIG_HOME`` → its value) are
    how code may spell the way to it."""

    __slots__ = ("home", "path", "variables", "what")
    path: str  # absolute, ``/``-separated
    home: str | None
    what: str
    variables: tuple[tuple[str, str], ...]

    def __init__(
        self,
        path: str,
        home: str | None = None,
        what: str = "capy's key store",
        variables: tuple[tuple[str, str], ...] = (),
    ) -> None:
        self._init(path=normalise(path), home=home, what=what, variables=variables)

    @property
    def area(self) -> str:
        """What code may not name: the key store, and capy's config directory around it (a
        ``cd``, ``find``, ``tar`` or ``cp -r`` there reaches the keys)."""
        parent = self.path.rsplit("/", 1)[0]
        return parent if parent.rsplit("/", 1)[-1] == "capy" else self.path

    def named_by(self, code: str) -> bool:
        """Whether ``code`` names this place (or a glob that can match it)."""
        area = self.area
        home = (self.home or "").rstrip("/")
        paths = mentioned_paths(code, home, self.variables)
        parents = {area.rsplit("/", 1)[0], home} - {""}
        for path in paths:
            if path == area or path.startswith(area + "/"):
                return True
            if _GLOB & set(path) and _glob_reaches(path, area):
                return True
        for parent in parents:
            tail = area[len(parent) + 1 :] if area.startswith(parent + "/") else ""
            spelled = tail and re.search(rf"(?<![\w.-]){re.escape(tail)}(?![\w.-])", code)
            beside = any(p == parent or p.startswith(parent + "/") for p in paths)
            if spelled and (tail.startswith(".") or beside):
                return True
        return False


def _glob_reaches(pattern: str, area: str) -> bool:
    """Whether a glob such as ``/home/u/.config/*/keys/*`` can match ``area`` or a path in it."""
    wanted = [p for p in area.split("/") if p]
    parts = [p for p in pattern.split("/") if p]
    for index, part in enumerate(parts):
        if part == "**":
            return True
        if index >= len(wanted):
            return True  # deeper than the area: inside it
        if not fnmatch.fnmatchcase(wanted[index], part):
            return False
    return len(parts) >= len(wanted) - 1 and bool(parts)


def _refused(protected: ProtectedPath, detail: str) -> PolicyDenied:
    return PolicyDenied(
        f"Blocked: {detail} {protected.what} ({protected.path}), which sandboxed code may not use",
        hint="capy's keys are never available to executed code; query indexed data with "
        "capy_search instead",
    )


def check_code(
    code: str, protected: tuple[ProtectedPath, ...], *, shell_script: bool = False
) -> None:
    """Raise ``PolicyDenied`` when ``code`` names a protected place; shell code is also checked
    with its quotes removed (``~/'.config'/capy``)."""
    if not protected:
        return
    texts = [code]
    if shell_script:
        texts.append(_unquoted(code))
    for place in protected:
        if any(place.named_by(text) for text in texts):
            raise _refused(place, "the code refers to")


def _unquoted(script: str) -> str:
    from domain.shell.limits import AnalysisLimit
    from domain.shell.reader import read_script

    try:
        commands = read_script(script).commands
    except AnalysisLimit:
        return ""
    words = [w for c in commands for w in (*c.words, *(r.target for r in c.redirects))]
    return "\n".join(words)


def check_read(target: ReadTarget, protected: tuple[ProtectedPath, ...]) -> None:
    """Refuse a file inside a protected place under any of its names (hard links)."""
    for place in protected:
        root = place.path.rstrip("/")
        for name in target.names:
            if name.absolute == root or name.absolute.startswith(root + "/"):
                detail = (
                    f"{target.given!r} is"
                    if name is target
                    else (f"{target.given!r} is the same file as {name.absolute}, which is")
                )
                raise _refused(place, f"{detail} inside")
