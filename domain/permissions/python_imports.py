"""Python names that start processes under another name: ``import subprocess as sp``,
``from os import system``, ``from subprocess import run as go``, ``from os import *``."""

from __future__ import annotations

import re

_EXEC = ("execl", "execle", "execlp", "execlpe", "execv", "execve", "execvp", "execvpe")
_SPAWN = ("spawnl", "spawnle", "spawnlp", "spawnlpe", "spawnv", "spawnve", "spawnvp", "spawnvpe")
PROCESS_FUNCTIONS: dict[str, frozenset[str]] = {
    "subprocess": frozenset(
        {"run", "call", "Popen", "check_output", "check_call", "getoutput", "getstatusoutput"}
    ),
    "os": frozenset({"system", "popen", "posix_spawn", "posix_spawnp", *_EXEC, *_SPAWN}),
    "posix": frozenset({"system", "posix_spawn", "posix_spawnp", *_EXEC}),
    "pty": frozenset({"spawn"}),
}
# how each function's arguments become a command line (see ``call_builders``)
BUILDERS: dict[str, str] = {
    **dict.fromkeys(("execl", "execle", "execlp", "execlpe"), "exec_list"),
    **dict.fromkeys(
        ("execv", "execve", "execvp", "execvpe", "posix_spawn", "posix_spawnp"), "exec_vector"
    ),
    **dict.fromkeys(("spawnl", "spawnle", "spawnlp", "spawnlpe"), "spawn_list"),
    **dict.fromkeys(("spawnv", "spawnve", "spawnvp", "spawnvpe"), "spawn_vector"),
}
# An import statement starts a line or follows ``;`` or a block colon (``if x: import os``);
# it ends at a newline, ``;`` or a comment.
# ``[ \t]*`` after a line start or separator: ``\s*`` rescanned a run of blank lines from each
# of them (quadratic); the next line's start is tried by ``^`` anyway.
_MODULE_ALIAS = re.compile(r"(?:^|[;:])[ \t]*import\s+([^\n;#]+)", re.MULTILINE)
_FROM_IMPORT = re.compile(
    r"(?:^|[;:])[ \t]*from\s+(subprocess|os|posix|pty)\s+import\s+(\([^)]*\)|[^\n;#]+)",
    re.MULTILINE,
)


def module_aliases(code: str) -> dict[str, str]:
    """``alias → module`` for ``import subprocess as sp`` (also in comma lists)."""
    aliases: dict[str, str] = {}
    for line in _MODULE_ALIAS.finditer(code):
        for part in line.group(1).split(","):
            words = part.split()
            if len(words) == 3 and words[1] == "as" and words[0] in PROCESS_FUNCTIONS:
                aliases[words[2]] = words[0]
    return aliases


def imported_functions(code: str) -> dict[str, str]:
    """``local name → function`` for ``from subprocess import run as go`` and ``import *``."""
    names: dict[str, str] = {}
    for match in _FROM_IMPORT.finditer(code):
        module = match.group(1)
        names_text = match.group(2).strip("()")
        names_text = "\n".join(line.split("#", 1)[0] for line in names_text.splitlines())
        if names_text.strip() == "*":
            names.update({f: f for f in PROCESS_FUNCTIONS[module]})
            continue
        for part in names_text.replace("\n", " ").split(","):
            words = part.split()
            if not words or words[0] not in PROCESS_FUNCTIONS[module]:
                continue
            local = words[2] if len(words) == 3 and words[1] == "as" else words[0]
            names[local] = words[0]
    return names


def alias_patterns(code: str) -> list[tuple[str, str]]:
    """``(call regex, builder name)`` for the aliases and imported names found in ``code``."""
    patterns: list[tuple[str, str]] = []
    for alias, module in module_aliases(code).items():
        for function in sorted(PROCESS_FUNCTIONS[module]):
            builder = BUILDERS.get(function, "first")
            patterns.append((rf"(?<![\w.]){re.escape(alias)}\s*\.\s*{function}\s*\(", builder))
    for local, function in imported_functions(code).items():
        builder = BUILDERS.get(function, "first")
        patterns.append((rf"(?<![\w.]){re.escape(local)}\s*\(", builder))
    return patterns


def value_references(code: str) -> list[str]:
    """``os.system`` and the like used as a value (``f = os.system``, ``map(os.system, …)``):
    what they will run cannot be read."""
    modules = {m: m for m in PROCESS_FUNCTIONS} | module_aliases(code)
    found: list[str] = []
    for local, module in modules.items():
        functions = "|".join(sorted(PROCESS_FUNCTIONS[module]))
        pattern = rf"(?<![\w.]){re.escape(local)}\s*\.\s*(?:{functions})\b(?!\s*\()"
        found += [m.group(0).replace(" ", "") for m in re.finditer(pattern, code)]
    return found
