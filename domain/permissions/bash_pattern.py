"""Matching one simple command against a ``Bash(...)`` specifier.

``Bash(git:*)`` (the colon form) matches ``git`` alone and ``git <anything>``; any other
specifier is a glob where ``*`` matches any run of characters, anchored at both ends, so
``Bash(sudo *)`` matches ``sudo rm`` but not ``sudoedit``. A bare ``Bash`` (no specifier) or
``Bash(*)`` matches every command. Matching is case-sensitive.
"""

from __future__ import annotations

import functools
import re


@functools.lru_cache(maxsize=1024)
def _compile(specifier: str) -> re.Pattern[str]:
    if specifier.endswith(":*"):
        prefix = specifier[:-2]
        return re.compile(rf"{_glob(prefix)}(?:\s.*)?", re.DOTALL)
    return re.compile(_glob(specifier), re.DOTALL)


def _glob(text: str) -> str:
    return ".*".join(re.escape(part) for part in text.split("*"))


def bash_pattern_matches(specifier: str | None, command: str) -> bool:
    if specifier is None or specifier in {"", "*"}:
        return True
    return _compile(specifier).fullmatch(command) is not None


def matches_with_more_arguments(specifier: str | None, words: tuple[str, ...]) -> bool:
    """Whether the rule could match ``words`` once more arguments are appended at run time
    (``… | xargs rm``): the program must be the rule's; a rule that only adds options to it
    (``rm -rf *``, ``touch *``) matches whatever the arguments, since input can supply
    options; otherwise the words written must be a beginning of what the rule matches
    (``xargs git push`` for ``Bash(git push --force:*)``, not ``xargs git add``)."""
    if specifier is None or specifier in {"", "*"}:
        return True
    if not words:
        return False
    spec = specifier[:-2] if specifier.endswith(":*") else specifier
    spec_words = spec.split()
    if not spec_words:
        return True
    program = words[0]
    name = program.rsplit("/", 1)[-1]
    head = _compile(spec_words[0])
    if head.fullmatch(program) is None and head.fullmatch(name) is None:
        return False
    fixed: list[str] = []
    for word in spec_words[1:]:
        if "*" in word:
            break
        fixed.append(word)
    if all(word.startswith("-") for word in fixed):
        return True
    written = " ".join((name, *words[1:]))
    literal = " ".join(spec_words[:1] + fixed)
    if specifier.endswith(":*") or "*" in spec:
        return literal.startswith(written + " ") or (written + " ").startswith(literal + " ")
    return literal.startswith(written + " ") or literal == written
