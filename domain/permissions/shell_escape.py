"""Shell commands embedded in non-shell code (``os.system("…")``, ``exec.Command(…)``, backticks…).

Each call that starts a process is found by a pattern; its arguments are read as literals. When
the command word is not a literal (``os.system(cmd)``), the call is reported with ``command=None``
and ``certain=True`` for calls that unambiguously start a process, so the evaluator can fail
closed (ADR 0018). This is a tripwire for agents routing around the host's rules, not a jail:
code that builds a call by reflection is out of its reach.
"""

from __future__ import annotations

import functools
import re
import shlex

from domain.hooks.value import Value
from domain.permissions.call_specs import JS, PLACEHOLDER, RUST, SPECS, CallSpec, flatten
from domain.permissions.code_literals import closing_delimiter, read_args, read_string
from domain.permissions.python_imports import alias_patterns


class EmbeddedCommand(Value):
    """A process start found in code: the command line (``None`` if dynamic) and the call."""

    __slots__ = ("call", "certain", "command")
    call: str
    command: str | None
    certain: bool

    def __init__(self, call: str, command: str | None, certain: bool = True) -> None:
        self._init(call=call, command=command, certain=certain)


_BACKTICK_LANGUAGES = {"ruby": "#{", "php": "$", "perl": "$"}
_QX = {"ruby": re.compile(r"%x([^\w\s])"), "perl": re.compile(r"(?<![\w$@%])qx\s*([^\w\s])")}
_RUST_CHAIN = re.compile(r"\s*\.\s*(arg|args)\s*\(")


def _call_text(match: re.Match[str]) -> str:
    return re.sub(r"\s+", "", match.group(0)).rstrip("(")


@functools.lru_cache(maxsize=256)
def _compiled(regex: str) -> re.Pattern[str]:
    return re.compile(regex)


def _from_specs(language: str, code: str) -> list[EmbeddedCommand]:
    syntax, specs = SPECS[language]
    if language == "python":
        specs = specs + tuple(CallSpec(pattern) for pattern in alias_patterns(code))
    found: list[EmbeddedCommand] = []
    for spec in specs:
        for match in _compiled(spec.regex).finditer(code):
            has_paren = match.group(0).rstrip().endswith("(")
            args = read_args(code, match.end(), syntax, parens=spec.parens or has_paren)
            command = spec.build(args)
            if command == "":
                continue
            if language == "rust" and command is not None:
                command = _rust_chain(code, match.end(), command)
            found.append(EmbeddedCommand(_call_text(match), command, spec.certain))
    return found


def _rust_chain(code: str, start: int, command: str) -> str:
    """``Command::new("rm").arg("-rf").args(["/"])`` → ``rm -rf /``."""
    depth = 1
    i = start
    while i < len(code) and depth:
        depth += {"(": 1, ")": -1}.get(code[i], 0)
        i += 1
    parts = [command]
    while match := _RUST_CHAIN.match(code, i):
        args = read_args(code, match.end(), RUST, parens=True)
        parts.extend(shlex.quote(item.text) if item else PLACEHOLDER for item in flatten(args))
        depth = 1
        i = match.end()
        while i < len(code) and depth:
            depth += {"(": 1, ")": -1}.get(code[i], 0)
            i += 1
    if len(parts) > 1:
        parts[0] = shlex.quote(parts[0])
    return " ".join(parts)


def _backticks(language: str, code: str) -> list[EmbeddedCommand]:
    found: list[EmbeddedCommand] = []
    if language in _BACKTICK_LANGUAGES:
        marker = _BACKTICK_LANGUAGES[language]
        for match in re.finditer(r"`((?:[^`\\]|\\.)*)`", code, re.DOTALL):
            text = match.group(1)
            dynamic = text.lstrip().startswith(marker)
            found.append(EmbeddedCommand("`…`", None if dynamic else text))
    if language in _QX:
        for match in _QX[language].finditer(code):
            opener = match.group(1)
            closer = closing_delimiter(opener)
            end = code.find(closer, match.end())
            end = len(code) if end < 0 else end
            text = code[match.end() : end]
            dynamic = text.lstrip().startswith(_BACKTICK_LANGUAGES[language])
            found.append(
                EmbeddedCommand("qx" if language == "perl" else "%x", None if dynamic else text)
            )
    return found


def _js_templates(code: str) -> list[EmbeddedCommand]:
    """Bun's shell: ``$`rm -rf x```."""
    found: list[EmbeddedCommand] = []
    for match in re.finditer(r"(?<![\w$])\$\s*`", code):
        literal = read_string(code, match.end() - 1, JS)
        if literal is not None:
            text = literal[0]
            found.append(EmbeddedCommand("$`…`", None if text.dynamic_head else text.text))
    return found


def extract_embedded_commands(language: str, code: str) -> tuple[EmbeddedCommand, ...]:
    """Every process start found in ``code`` written in ``language`` (not for shell)."""
    if language not in SPECS:
        return ()
    found = _from_specs(language, code) + _backticks(language, code)
    if language in {"javascript", "typescript"}:
        found += _js_templates(code)
        if "child_process" not in code:
            found = [f for f in found if f.call.startswith(("Bun", "Deno", "$`"))]
    return tuple(found)
