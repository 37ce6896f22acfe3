"""Python names that start processes under another name: ``import subprocess as sp``,
``from os import system``, ``from subprocess import run as go``."""

from __future__ import annotations

import re

PROCESS_FUNCTIONS: dict[str, frozenset[str]] = {
    "subprocess": frozenset(
        {"run", "call", "Popen", "check_output", "check_call", "getoutput", "getstatusoutput"}
    ),
    "os": frozenset({"system", "popen"}),
    "pty": frozenset({"spawn"}),
}
# An import statement starts a line or follows ``;`` or a block colon (``if x: import os``);
# it ends at a newline, ``;`` or a comment.
_MODULE_ALIAS = re.compile(r"(?:^|[;:])\s*import\s+([^\n;#]+)", re.MULTILINE)
_FROM_IMPORT = re.compile(
    r"(?:^|[;:])\s*from\s+(subprocess|os|pty)\s+import\s+(\([^)]*\)|[^\n;#]+)", re.MULTILINE
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
    """``local name → module.function`` for ``from subprocess import run as go``."""
    names: dict[str, str] = {}
    for match in _FROM_IMPORT.finditer(code):
        module = match.group(1)
        names_text = match.group(2).strip("()")
        names_text = "\n".join(line.split("#", 1)[0] for line in names_text.splitlines())
        for part in names_text.replace("\n", " ").split(","):
            words = part.split()
            if not words or words[0] not in PROCESS_FUNCTIONS[module]:
                continue
            local = words[2] if len(words) == 3 and words[1] == "as" else words[0]
            names[local] = f"{module}.{words[0]}"
    return names


def alias_patterns(code: str) -> list[str]:
    """Call patterns (regex source) for the aliases and imported names found in ``code``."""
    patterns: list[str] = []
    for alias, module in module_aliases(code).items():
        functions = "|".join(sorted(PROCESS_FUNCTIONS[module]))
        patterns.append(rf"(?<![\w.]){re.escape(alias)}\s*\.\s*(?:{functions})\s*\(")
    for local in imported_functions(code):
        patterns.append(rf"(?<![\w.]){re.escape(local)}\s*\(")
    return patterns
