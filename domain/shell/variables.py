"""What a command word stands for when it is built from variables, aliases or ``hash -p``.

``t=tou; ${t}ch M`` runs ``touch M``; ``X=sudo; $X rm`` runs ``sudo rm``. A variable the script
assigns from literals takes those values (every value it is given anywhere in the script: the
order in which branches run is not known). A variable assigned something capy cannot read
(``$(…)``, ``read``, ``for``, a nameref, an array) — or never assigned at all (it comes from the
environment, like ``$BASH``) — makes a command word that uses it unknowable: the caller fails
closed on it. Only the program's *name* matters: ``$HOME/bin/tool`` runs a program called
``tool`` wherever ``$HOME`` points.
"""

from __future__ import annotations

import re

from domain.precompiled import precompiled
from domain.shell.programs import ASSIGNMENT
from domain.shell.syntax import Script

Values = tuple[str, ...] | None  # None: assigned something capy cannot read
Variables = dict[str, Values]

MAX_VALUES = 16
_DECLARATIONS = frozenset({"export", "declare", "local", "readonly", "typeset"})
_REFERENCE = precompiled(r"\$\{([A-Za-z_][A-Za-z0-9_]*)\}")
_GLOB = precompiled(r"[*?\[]|\{[^{}]*(?:,|\.\.)[^{}]*\}")
_READ_VALUE_FLAGS = frozenset({"-a", "-d", "-i", "-n", "-N", "-p", "-t", "-u"})
_IFS = "IFS"


class Definitions:
    """Variables and command names a script defines (``alias``, ``hash -p``)."""

    __slots__ = ("names", "variables")

    def __init__(self, variables: Variables, names: dict[str, tuple[str, ...]]) -> None:
        self.variables = variables
        self.names = names

    def child(self, script: Script) -> Definitions:
        """The definitions seen by a nested script (it inherits these, adds its own)."""
        found = collect(script)
        return Definitions({**self.variables, **found.variables}, {**self.names, **found.names})


def collect(script: Script) -> Definitions:
    """Every assignment, alias and ``hash -p`` in ``script``."""
    values: dict[str, list[str] | None] = {}
    names: dict[str, tuple[str, ...]] = {}

    def unknown(name: str) -> None:
        values[name] = None

    def assign(word: str) -> None:
        name, _, value = word.partition("=")
        append = name.endswith("+")
        name = name.rstrip("+")
        if "[" in name or value.startswith("("):
            unknown(name.split("[", 1)[0])  # arrays: capy does not follow elements
            return
        expanded = expand_text(value, _frozen(values))
        known = values.get(name, [])
        if expanded is None or (name in values and known is None):
            unknown(name)
            return
        if append:
            expanded = [k + v for k in (known or [""]) for v in expanded]
        merged = list(known or []) if not append else []
        merged += [v for v in expanded if v not in merged]
        values[name] = merged if len(merged) <= MAX_VALUES else None

    for command in script.commands:
        words = list(command.words)
        i = 0
        while i < len(words) and ASSIGNMENT.match(words[i]):
            assign(words[i])
            i += 1
        rest = words[i:]
        if not rest:
            continue
        head = rest[0]
        if head in {"for", "select"} and len(rest) > 1:
            unknown(rest[1])
        elif head in _DECLARATIONS:
            nameref = any(w.startswith("-") and "n" in w for w in rest[1:])
            for word in rest[1:]:
                if word.startswith(("-", "+")):
                    continue
                if nameref or not ASSIGNMENT.match(word):
                    if nameref:
                        unknown(word.split("=", 1)[0])
                    continue
                assign(word)
        elif head in {"read", "mapfile", "readarray"}:
            skip = False
            for word in rest[1:]:
                if skip:
                    skip = False
                elif word in _READ_VALUE_FLAGS or word in {"-C", "-c", "-O", "-s"}:
                    skip = True
                elif re.fullmatch(r"[A-Za-z_]\w*", word):
                    unknown(word)
            unknown("REPLY")
            unknown("MAPFILE")
        elif head == "printf" and "-v" in rest[:-1]:
            unknown(rest[rest.index("-v") + 1])
        elif head == "getopts" and len(rest) > 2:
            unknown(rest[2])
        elif head == "alias":
            for word in rest[1:]:
                name, eq, value = word.partition("=")
                if eq:
                    names[name] = tuple(value.split())
        elif head == "hash" and "-p" in rest[:-2]:
            at = rest.index("-p")
            names[rest[at + 2]] = (rest[at + 1],)
    return Definitions(_frozen(values), names)


def _frozen(values: dict[str, list[str] | None]) -> Variables:
    return {k: (None if v is None else tuple(v)) for k, v in values.items()}


def expand_text(text: str, variables: Variables) -> list[str] | None:
    """Every value ``text`` can take given ``variables``; ``None`` when something in it is only
    known at run time (an unassigned or unreadable variable, ``$(…)``, an arithmetic, …)."""
    if "$" not in text and "`" not in text:
        return [text]
    results = [""]
    position = 0
    for match in _REFERENCE.finditer(text):
        literal = text[position : match.start()]
        if "$" in literal or "`" in literal:
            return None
        values = variables.get(match.group(1))
        if values is None:
            return None
        results = [r + literal + v for r in results for v in values]
        if len(results) > MAX_VALUES:
            return None
        position = match.end()
    tail = text[position:]
    if "$" in tail or "`" in tail:
        return None
    return [r + tail for r in results]


def is_run_time(word: str) -> bool:
    """Whether the shell changes ``word`` when the command runs (expansions, globs, braces)."""
    if "$" in word or "`" in word:
        return True
    return word not in {"[", "[["} and bool(_GLOB.search(word))


def static_name(word: str) -> bool:
    """``$HOME/bin/tool``: whatever the directory, the program's name is known."""
    slash = _last_free_slash(word)
    if slash < 0:
        return False
    name = word[slash + 1 :]
    return bool(name) and not is_run_time(name)


def _last_free_slash(word: str) -> int:
    """Index of the last ``/`` outside any ``${…}``, ``$(…)`` or backticks (-1 if none)."""
    depth = 0
    last = -1
    i = 0
    in_backtick = False
    while i < len(word):
        c = word[i]
        if c == "`":
            in_backtick = not in_backtick
        elif in_backtick:
            pass
        elif c == "$" and word[i + 1 : i + 2] in {"{", "("}:
            depth += 1
            i += 2
            continue
        elif c in "{(" and depth:
            depth += 1
        elif c in "})" and depth:
            depth -= 1
        elif c == "/" and not depth:
            last = i
        i += 1
    return last


def expand_command(words: list[str], definitions: Definitions) -> tuple[list[list[str]], bool]:
    """The command ``words`` with its command word expanded — one list per value it can take —
    and whether the program cannot be known (run-time expansion capy cannot follow)."""
    if not words:
        return [words], False
    first = words[0]
    alias = definitions.names.get(first)
    if alias is not None:
        return [[*alias, *words[1:]]], False
    if not is_run_time(first):
        return [words], False
    variables = definitions.variables
    values = None if _IFS in variables else expand_text(first, variables)
    if values is not None and not any(is_run_time(v) for v in values):
        return [v.split() + words[1:] for v in values if v.split()], False
    if static_name(first):
        return [words], False
    return [], True


def substitute_arguments(words: tuple[str, ...], variables: Variables) -> tuple[str, ...]:
    """``words`` with every variable that has exactly one known value replaced by it."""
    if not any("$" in w for w in words):
        return words
    out: list[str] = []
    for word in words:
        values = expand_text(word, variables) if "$" in word else [word]
        out.append(values[0] if values is not None and len(values) == 1 else word)
    return tuple(out)
