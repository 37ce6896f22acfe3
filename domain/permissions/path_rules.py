"""``Read(...)`` rules matched on canonical paths: ``./.env`` cannot slip past ``Read(.env)``.

Specifiers follow the gitignore-like reading Claude Code documents:

- ``//abs/path`` — an absolute path (``~/x`` is expanded to that form when rules are loaded);
- ``/x``, ``./x`` or any specifier holding a ``/`` — anchored at the project root;
- a bare name such as ``.env`` or ``*.pem`` — matches at any depth;
- a trailing ``/`` means "this directory and everything under it".

``**`` crosses directories, ``*`` and ``?`` do not. A rule that matches a directory also covers
everything inside it. The caller resolves the path first (``..`` and symlinks); this module only
compares strings.
"""

from __future__ import annotations

import functools
import re

from domain.hooks.value import Value


class ReadTarget(Value):
    """A path as the caller wrote it and its canonical forms (``/``-separated).

    A file with several hard links is one file under several names: ``aliases`` are the other
    names found for it where a ``Read`` rule could apply, ``links`` how many names it has, and
    ``unsearched`` says the search for them stopped at its bound (the caller fails closed).
    """

    __slots__ = ("absolute", "aliases", "given", "links", "relative", "unsearched")
    given: str
    absolute: str
    relative: str | None  # relative to the project root; None when the path lies outside it
    links: int
    aliases: tuple[ReadTarget, ...]
    unsearched: bool

    def __init__(
        self,
        given: str,
        absolute: str,
        relative: str | None,
        *,
        links: int = 1,
        aliases: tuple[ReadTarget, ...] = (),
        unsearched: bool = False,
    ) -> None:
        self._init(
            given=given,
            absolute=absolute,
            relative=relative,
            links=links,
            aliases=aliases,
            unsearched=unsearched,
        )

    @property
    def names(self) -> tuple[ReadTarget, ...]:
        """This name and every other name of the same file that was found."""
        return (self, *self.aliases)


class SearchRoot(Value):
    """Where other names of a file could match a ``Read`` rule: files under ``directory``
    whose name matches ``name`` (a glob; ``*`` for any)."""

    __slots__ = ("directory", "name")
    directory: str
    name: str

    def __init__(self, directory: str, name: str = "*") -> None:
        self._init(directory=directory, name=name)


_GLOB_CHARS = frozenset("*?[")


def search_roots(specifiers: tuple[str | None, ...], project_root: str) -> tuple[SearchRoot, ...]:
    """The directories to look through for other names of a file, one per ``Read`` rule: the
    fixed part of the rule's path, and the names its last part can match (a directory of that
    name covers everything in it, as the rule does)."""
    roots: list[SearchRoot] = []
    root = project_root.rstrip("/") or "/"
    for specifier in specifiers:
        if specifier is None or specifier in {"", "*", "**"}:
            found = SearchRoot(root)
        else:
            spec = specifier.replace("\\", "/")
            if spec.startswith("//"):
                base, spec = "/", spec[2:]
            elif spec.startswith(("./", "/")) or "/" in spec.rstrip("/"):
                base, spec = root, spec.removeprefix("./").lstrip("/")
            else:
                base, spec = root, "**/" + spec
            parts = [p for p in spec.split("/") if p]
            fixed: list[str] = []
            for part in parts[:-1]:
                if _GLOB_CHARS & set(part):
                    break
                fixed.append(part)
            last = parts[-1] if parts else "*"
            directory_rule = specifier.endswith("/") or last == "**"
            name = "*" if directory_rule else last
            found = SearchRoot("/".join([base.rstrip("/"), *fixed]) or "/", name)
        if found not in roots:
            roots.append(found)
    return tuple(roots)


@functools.lru_cache(maxsize=512)
def _compile(glob: str) -> re.Pattern[str]:
    out: list[str] = []
    i = 0
    while i < len(glob):
        if glob.startswith("**/", i):
            out.append("(?:.*/)?")
            i += 3
        elif glob.startswith("**", i):
            out.append(".*")
            i += 2
        elif glob[i] == "*":
            out.append("[^/]*")
            i += 1
        elif glob[i] == "?":
            out.append("[^/]")
            i += 1
        else:
            out.append(re.escape(glob[i]))
            i += 1
    return re.compile("".join(out), re.DOTALL)


def _prefixes(path: str) -> list[str]:
    """``a/b/c`` → ``a``, ``a/b``, ``a/b/c`` (a rule on a directory covers what it holds)."""
    parts = [p for p in path.split("/") if p]
    lead = "/" if path.startswith("/") else ""
    return [lead + "/".join(parts[: i + 1]) for i in range(len(parts))]


def _any_prefix(glob: str, path: str) -> bool:
    pattern = _compile(glob)
    return any(pattern.fullmatch(p) for p in _prefixes(path))


def read_rule_matches(specifier: str | None, target: ReadTarget) -> bool:
    """True when a ``Read(specifier)`` rule covers ``target``."""
    if specifier is None or specifier in {"", "*", "**"}:
        return True
    spec = specifier.replace("\\", "/")
    if spec.endswith("/"):
        spec += "**"
    if spec.startswith("//"):
        return _any_prefix(spec[1:], target.absolute)
    if spec.startswith("./"):
        spec = spec[2:]
    elif spec.startswith("/"):
        spec = spec[1:]
    elif "/" not in spec.rstrip("/"):
        spec = "**/" + spec
    candidates = [target.relative] if target.relative is not None else []
    if spec.startswith("**/"):
        # an any-depth name also guards files outside the project (``/tmp/x/.env``)
        candidates.append(target.absolute.lstrip("/"))
    given = target.given.replace("\\", "/")
    if not given.startswith("/") and ".." not in given.split("/"):
        candidates.append(given.removeprefix("./"))
    return any(_any_prefix(spec, c) for c in candidates if c)
