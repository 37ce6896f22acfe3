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
