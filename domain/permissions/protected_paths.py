"""Places sandboxed code must not touch whatever the user's rules say: capy's own key store.

The sandbox runs as the user, so it cannot hide a file; this is a tripwire that refuses code
naming the key store (absolute, ``~/``, ``$HOME/`` or home-relative spelling) and
``capy_execute_file`` on anything inside it.
"""

from __future__ import annotations

from domain.errors import PolicyDenied
from domain.hooks.value import Value
from domain.permissions.path_rules import ReadTarget


class ProtectedPath(Value):
    __slots__ = ("home", "path", "what")
    path: str  # absolute, ``/``-separated
    home: str | None
    what: str

    def __init__(self, path: str, home: str | None = None, what: str = "capy's key store") -> None:
        self._init(path=path, home=home, what=what)

    @property
    def spellings(self) -> tuple[str, ...]:
        found = [self.path]
        if self.home and self.path.startswith(self.home.rstrip("/") + "/"):
            relative = self.path[len(self.home.rstrip("/")) + 1 :]
            found += [f"~/{relative}", f"$HOME/{relative}", f"${{HOME}}/{relative}"]
            if relative.startswith("."):
                found.append(relative)
        return tuple(found)


def _refused(protected: ProtectedPath, detail: str) -> PolicyDenied:
    return PolicyDenied(
        f"Blocked: {detail} {protected.what} ({protected.path}), which sandboxed code may not use",
        hint="capy's keys are never available to executed code; query indexed data with "
        "capy_search instead",
    )


def check_code(code: str, protected: tuple[ProtectedPath, ...]) -> None:
    """Raise ``PolicyDenied`` when ``code`` names a protected place."""
    for place in protected:
        if any(spelling in code for spelling in place.spellings):
            raise _refused(place, "the code refers to")


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
