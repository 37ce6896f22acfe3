"""Commands that run other commands given as arguments: ``find -exec``, ``su -c``, ``awk``'s
``system()``. What they would run is checked like any other script."""

from __future__ import annotations

import functools
import re

from domain.permissions.wrappers import basename

_FIND_EXEC = frozenset({"-exec", "-execdir", "-ok", "-okdir"})
_SCRIPT_FLAG_COMMANDS = frozenset({"su", "runuser", "script", "flock", "sg"})
_AWKS = frozenset({"awk", "gawk", "mawk", "nawk"})
_AWK_VALUE_FLAGS = frozenset({"-F", "-v", "-f", "--field-separator", "--assign", "--file"})


@functools.cache
def _awk_commands() -> tuple[re.Pattern[str], ...]:
    """Compiled on first use: most scripts the hook checks never run awk."""
    return (
        re.compile(r"\bsystem\s*\(\s*\"((?:[^\"\\]|\\.)*)\""),
        re.compile(r"\"((?:[^\"\\]|\\.)*)\"\s*\|\s*getline"),
        re.compile(r"\|\s*\"((?:[^\"\\]|\\.)*)\""),
    )


def _find_exec(words: list[str]) -> list[str]:
    import shlex  # only ``find -exec`` needs quoting

    scripts: list[str] = []
    i = 1
    while i < len(words):
        if words[i] in _FIND_EXEC:
            j = i + 1
            while j < len(words) and words[j] not in {";", "+", "\\;"}:
                j += 1
            if j > i + 1:
                scripts.append(" ".join(shlex.quote(w) for w in words[i + 1 : j]))
            i = j
        i += 1
    return scripts


def _script_flag(words: list[str]) -> list[str]:
    for i, word in enumerate(words[1:], start=1):
        if word in {"-c", "--command"} and i + 1 < len(words):
            return [words[i + 1]]
        if word.startswith("--command="):
            return [word.split("=", 1)[1]]
    return []


def _awk(words: list[str]) -> list[str]:
    i = 1
    while i < len(words) and words[i].startswith("-") and words[i] != "-":
        if words[i] in {"-f", "--file"}:
            return []  # program in a file: nothing to read here
        i += 2 if words[i] in _AWK_VALUE_FLAGS else 1
    if i >= len(words):
        return []
    program = words[i]
    return [m.group(1) for pattern in _awk_commands() for m in pattern.finditer(program)]


_SSH_VALUE_FLAGS = frozenset(
    [
        "-B",
        "-b",
        "-c",
        "-D",
        "-E",
        "-e",
        "-F",
        "-I",
        "-i",
        "-J",
        "-L",
        "-l",
        "-m",
        "-O",
        "-o",
        "-p",
        "-Q",
        "-R",
        "-S",
        "-W",
        "-w",
    ]
)


def _ssh(words: list[str]) -> list[str]:
    """``ssh host cmd…`` runs ``cmd…`` through a shell (possibly on this very machine)."""
    i = 1
    while i < len(words) and words[i].startswith("-"):
        i += 2 if words[i] in _SSH_VALUE_FLAGS else 1
    rest = words[i + 1 :]
    return [" ".join(rest)] if rest else []


def commands_run_by(words: list[str]) -> list[str]:
    """Scripts a command would run on its own behalf (empty for ordinary commands)."""
    if not words:
        return []
    name = basename(words[0])
    if name == "find":
        return _find_exec(words)
    if name in _SCRIPT_FLAG_COMMANDS:
        return _script_flag(words)
    if name in _AWKS:
        return _awk(words)
    if name == "ssh":
        return _ssh(words)
    if name == "alias":
        # the alias will run as ``value args…``; check it with a stand-in argument
        return [w.split("=", 1)[1] + " …" for w in words[1:] if "=" in w]
    return []
