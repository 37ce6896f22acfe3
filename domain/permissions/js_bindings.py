"""Names under which JavaScript code reaches ``child_process``.

``const cp = require('child_process')``, ``import * as c from 'node:child_process'``,
``const m = await import('child_process')``, ``.then(m => …)``, ``import cp from …``, and
functions taken out of it: ``const { execSync: run } = require(…)``,
``import { exec as e } from …``, ``.then(({ execSync }) => …)``. Each becomes a call pattern;
bracket access with a name capy cannot read (``cp[k](…)``) and a process function used as a
value (``const f = cp.execSync``) fail closed.
"""

from __future__ import annotations

import re

_MODULE = r"""['"`](?:node:)?child_process['"`]"""
_SOURCE = rf"(?:require\s*\(\s*{_MODULE}\s*\)|(?:await\s+)?import\s*\(\s*{_MODULE}\s*\))"
_BINDING_FORMS = (
    re.compile(rf"\b(?:const|let|var)\s+([\w$]+)\s*=\s*{_SOURCE}"),
    re.compile(rf"\bimport\s+([\w$]+)\s*(?:,\s*\{{[^}}]*\}}\s*)?from\s*{_MODULE}"),
    re.compile(rf"\bimport\s+\*\s+as\s+([\w$]+)\s+from\s*{_MODULE}"),
    re.compile(rf"\bimport\s*\(\s*{_MODULE}\s*\)\s*\.\s*then\s*\(\s*(?:async\s+)?\(?\s*([\w$]+)"),
    re.compile(
        rf"\bimport\s*\(\s*{_MODULE}\s*\)\s*\.\s*then\s*\(\s*(?:async\s+)?function\s*"
        r"\(\s*([\w$]+)"
    ),
)
_DESTRUCTURED = (
    re.compile(rf"\b(?:const|let|var)\s*\{{([^}}]*)\}}\s*=\s*{_SOURCE}"),
    re.compile(rf"\bimport\s*(?:[\w$]+\s*,\s*)?\{{([^}}]*)\}}\s*from\s*{_MODULE}"),
    re.compile(
        rf"\bimport\s*\(\s*{_MODULE}\s*\)\s*\.\s*then\s*\(\s*(?:async\s+)?\(\s*\{{([^}}]*)\}}"
    ),
)
PROCESS_FUNCTIONS = ("exec", "execSync", "spawn", "spawnSync", "execFile", "execFileSync", "fork")
_SHELL_LINE = frozenset({"exec", "execSync"})


def module_bindings(code: str) -> list[str]:
    """Local names bound to the ``child_process`` module."""
    names: list[str] = []
    for form in _BINDING_FORMS:
        names += [m.group(1) for m in form.finditer(code) if m.group(1) not in names]
    return names


def function_aliases(code: str, modules: list[str]) -> dict[str, str]:
    """``local name → child_process function`` for destructured or imported functions."""
    aliases: dict[str, str] = {}
    forms = list(_DESTRUCTURED)
    for module in modules:
        forms.append(
            re.compile(rf"\b(?:const|let|var)\s*\{{([^}}]*)\}}\s*=\s*{re.escape(module)}\b")
        )
    for form in forms:
        for match in form.finditer(code):
            for entry in match.group(1).split(","):
                # Whitespace collapsed first: the split then never backtracks over a long run.
                entry = " ".join(entry.split("=", 1)[0].split())
                parts = re.split(r" ?: ?| as ", entry)
                original = parts[0].strip()
                local = parts[-1].strip() if len(parts) > 1 else original
                if original in PROCESS_FUNCTIONS and local:
                    aliases[local] = original
    for module in modules:
        pattern = rf"\b(?:const|let|var)\s+([\w$]+)\s*=\s*{re.escape(module)}\s*\.\s*(\w+)\s*[;\n]"
        for match in re.finditer(pattern, code):
            if match.group(2) in PROCESS_FUNCTIONS:
                aliases[match.group(1)] = match.group(2)
    return aliases


def call_patterns(code: str) -> list[tuple[str, bool, str]]:
    """``(regex, shell line?, kind)`` for every way ``code`` calls into ``child_process``:
    kind ``call`` (arguments follow), ``dynamic`` (a process start capy cannot read)."""
    modules = module_bindings(code)
    patterns: list[tuple[str, bool, str]] = []
    receivers = [re.escape(m) for m in modules] + [_SOURCE]
    for receiver in receivers:
        for function in PROCESS_FUNCTIONS:
            shell = function in _SHELL_LINE
            patterns.append((rf"(?<![\w$.]){receiver}\s*\.\s*{function}\s*\(", shell, "call"))
            patterns.append(
                (rf"(?<![\w$.]){receiver}\s*\[\s*(['\"`]){function}\1\s*\]\s*\(", shell, "call")
            )
            patterns.append(
                (rf"(?<![\w$.]){receiver}\s*\.\s*{function}\b(?!\s*\()", shell, "dynamic")
            )
        patterns.append(
            (rf"(?<![\w$.]){receiver}\s*\[(?!\s*['\"`]\w+['\"`]\s*\])", False, "dynamic")
        )
    for local, original in function_aliases(code, modules).items():
        shell = original in _SHELL_LINE
        patterns.append((rf"(?<![\w$.]){re.escape(local)}\s*\(", shell, "call"))
    return patterns
