"""Variables a script sets itself, so ``X=sudo; $X rm -rf /`` is seen as ``sudo rm -rf /``.

A command word that expands a variable the script assigned from a literal is replaced by that
value. One assigned from something capy cannot read (``$(…)``, another variable, a ``for`` or
``read``) makes the command dynamic: it fails closed like ``os.system(cmd)`` (ADR 0018).
Variables the script never assigns come from the user's environment and are left alone.
"""

from __future__ import annotations

import re

from domain.permissions.shell_words import shell_words
from domain.permissions.wrappers import ASSIGNMENT

_DECLARATIONS = frozenset({"export", "declare", "local", "readonly", "typeset"})
_REFERENCE = re.compile(r"^\$\{?([A-Za-z_][A-Za-z0-9_]*)\}?$")
Variables = dict[str, str | None]  # None: assigned a value capy cannot read


def collect_assignments(segments: tuple[str, ...]) -> Variables:
    variables: Variables = {}
    for segment in segments:
        words = shell_words(segment)
        if not words:
            continue
        if words[0] in {"for", "select"} and len(words) > 1:
            variables[words[1]] = None
            continue
        if words[0] == "printf" and "-v" in words[:-1]:
            variables[words[words.index("-v") + 1]] = None
            continue
        if words[0] == "getopts" and len(words) > 2:
            variables[words[2]] = None
            continue
        if words[0] in {"read", "mapfile", "readarray"}:
            for word in words[1:]:
                if re.fullmatch(r"[A-Za-z_]\w*", word):
                    variables[word] = None
            continue
        if words[0] in _DECLARATIONS:
            words = [w for w in words[1:] if not w.startswith("-")]
        if not words or not all(ASSIGNMENT.match(w) for w in words):
            continue
        dynamic = any(marker in segment for marker in ("$", "`"))
        for word in words:
            name, _, value = word.partition("=")
            name = name.rstrip("+").split("[", 1)[0]
            variables[name] = None if dynamic else value
    return variables


def _expands_at_run_time(word: str) -> bool:
    """``${x:-sudo}``, ``$(…)``, ``${!x}``, ``/usr/bin/s?do``, ``{sudo,}``: only the shell knows."""
    if "$" in word or "`" in word:
        return True
    if word in {"[", "[["}:
        return False
    if any(c in word for c in "*?["):
        return True
    return "{" in word and ("," in word or ".." in word)


def expand_command_word(words: list[str], variables: Variables) -> tuple[list[str], bool]:
    """Replace a variable command word by its value; ``True`` when it cannot be known.

    A plain ``$NAME`` the script never assigns comes from the user's environment and is left
    alone; anything else that the shell expands at run time counts as unknown.
    """
    if not words:
        return words, False
    match = _REFERENCE.match(words[0])
    if match is not None:
        name = match.group(1)
        if "IFS" in variables:
            return words, True  # word splitting itself was changed
        if name not in variables:
            return words, False
        value = variables[name]
        if value is None:
            return words, True
        return shell_words(value) + words[1:], False
    return words, _expands_at_run_time(words[0])
