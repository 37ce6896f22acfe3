"""Shell commands embedded in non-shell code (``os.system("…")``, ``exec.Command(…)``, backticks…).

Each call that starts a process is found by a pattern (``call_specs``, plus the aliases a
program gives those functions: ``python_imports``, ``js_bindings``, ``code_aliases``); its
arguments are read as literals, escapes decoded. When the command is not a literal
(``os.system(cmd)``), or a process function is passed around as a value, the call is reported
with ``command=None`` and ``certain=True``, so the evaluator fails closed (ADR 0018). Code
handed to ``exec``/``eval`` as a literal is scanned in turn. What stays out of reach: calls
built by reflection from computed names, and code decoded at run time.
"""

from __future__ import annotations

import functools
import re

from domain.hooks.value import Value
from domain.permissions import call_builders
from domain.permissions.call_builders import PLACEHOLDER, flatten
from domain.permissions.call_specs import JS, PERL, PY, RUST, SPECS, CallSpec
from domain.permissions.code_aliases import go_exec_aliases, rust_command_aliases
from domain.permissions.code_literals import (
    Literal,
    call_end,
    closing_delimiter,
    read_args,
    read_string,
)
from domain.permissions.js_bindings import call_patterns
from domain.permissions.python_imports import BUILDERS, alias_patterns, value_references
from domain.shell.quoting import quote


class EmbeddedCommand(Value):
    """A process start found in code: the command line (``None`` if capy cannot read it) and
    the call; with a ``language``, ``command`` is code in that language (``exec("…")``)."""

    __slots__ = ("call", "certain", "command", "language")
    call: str
    command: str | None
    certain: bool
    language: str

    def __init__(
        self, call: str, command: str | None, certain: bool = True, language: str = ""
    ) -> None:
        self._init(call=call, command=command, certain=certain, language=language)


_BACKTICK_LANGUAGES = {"ruby": "#{", "php": "$", "perl": "$"}
_QX = {"ruby": re.compile(r"%x([^\w\s])"), "perl": re.compile(r"(?<![\w$@%])qx\s*([^\w\s])")}
_RUST_CHAIN = re.compile(r"\s*\.\s*(arg|args)\s*\(")
_PY_PROCESS = (
    "system|popen|Popen|check_output|check_call|getoutput|getstatusoutput|spawn|posix_spawnp?"
    "|exec[lv]p?e?|spawn[lv]p?e?"
)
_PY_GETATTR = re.compile(r"\bgetattr\s*\(")
_EVALS = {
    "python": r"(?<![\w.])(?:exec|eval|compile)\s*\(",
    "javascript": r"(?<![\w$.])(?:eval|Function|new\s+Function)\s*\(",
    "ruby": r"(?<![\w.])(?:eval|instance_eval|class_eval|module_eval)\b\s*\(?",
    "php": r"(?<![\w$>:])eval\s*\(",
    "perl": r"(?<![\w$@%>&])eval\s*(?=['\"q])",
}
_PERL_BLOCK = re.compile(r"(?<![\w$@%>&])(?<!->)(?:CORE::(?:GLOBAL::)?)?(system|exec)\s*\{")


def _call_text(match: re.Match[str]) -> str:
    return re.sub(r"\s+", "", match.group(0)).rstrip("(")


@functools.lru_cache(maxsize=512)
def _compiled(regex: str) -> re.Pattern[str]:
    return re.compile(regex)


def _alias_specs(language: str, code: str) -> tuple[CallSpec, ...]:
    """Call patterns for the names this program gives to process functions."""
    if language == "python":
        return tuple(
            CallSpec(regex, getattr(call_builders, builder))
            for regex, builder in alias_patterns(code)
        )
    if language in {"javascript", "typescript"}:
        return tuple(
            CallSpec(regex, call_builders.first if shell else call_builders.join_all)
            for regex, shell, kind in call_patterns(code)
            if kind == "call"
        )
    if language == "go":
        specs: list[CallSpec] = []
        for alias in go_exec_aliases(code):
            prefix = r"(?<![\w.])" if alias == "." else rf"(?<![\w.]){re.escape(alias)}\s*\.\s*"
            specs.append(CallSpec(prefix + r"Command\s*\(", call_builders.join_all))
            specs.append(CallSpec(prefix + r"CommandContext\s*\(", call_builders.skip_first))
        return tuple(specs)
    if language == "rust":
        return tuple(
            CallSpec(rf"(?<![\w:]){re.escape(alias)}\s*::\s*new\s*\(")
            for alias in rust_command_aliases(code)
        )
    return ()


def _from_specs(language: str, code: str) -> list[EmbeddedCommand]:
    syntax, specs = SPECS[language]
    found: list[EmbeddedCommand] = []
    for spec in specs + _alias_specs(language, code):
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
    i = call_end(code, start, RUST)
    parts = [command]
    while match := _RUST_CHAIN.match(code, i):
        args = read_args(code, match.end(), RUST, parens=True)
        parts.extend(quote(item.text) if item else PLACEHOLDER for item in flatten(args))
        i = call_end(code, match.end(), RUST)
    if len(parts) > 1:
        parts[0] = quote(parts[0])
    return " ".join(parts)


def _python_reflection(code: str) -> list[EmbeddedCommand]:
    """``getattr(os, 'system')('…')`` (a name written out is not reflection), and process
    functions used as values (``f = os.system``), which fail closed."""
    found = [EmbeddedCommand(name, None) for name in value_references(code)]
    for match in _PY_GETATTR.finditer(code):
        args = read_args(code, match.end(), PY, parens=True)
        name = args[1] if len(args) > 1 else None
        if not (isinstance(name, Literal) and re.fullmatch(_PY_PROCESS, name.text)):
            continue
        end = call_end(code, match.end(), PY)
        after = re.compile(r"\s*\(").match(code, end)
        call = f"getattr(…, {name.text!r})"
        if after is None:
            found.append(EmbeddedCommand(call, None))
            continue
        builder = getattr(call_builders, BUILDERS.get(name.text, "first"))
        command = builder(read_args(code, after.end(), PY, parens=True))
        if command != "":
            found.append(EmbeddedCommand(call, command))
    return found


def _js_dynamic(code: str) -> list[EmbeddedCommand]:
    found: list[EmbeddedCommand] = []
    for regex, _, kind in call_patterns(code):
        if kind == "dynamic":
            found += [EmbeddedCommand(_call_text(m), None) for m in _compiled(regex).finditer(code)]
    return found


def _perl_blocks(code: str) -> list[EmbeddedCommand]:
    """``system { 'prog' } 'argv0', 'arg'`` runs ``prog arg``; a block capy cannot read fails
    closed."""
    found: list[EmbeddedCommand] = []
    for match in _PERL_BLOCK.finditer(code):
        close = code.find("}", match.end())
        block = code[match.end() : close].strip() if close > 0 else ""
        literal = read_string(block, 0, PERL) if block else None
        call = f"{match.group(1)} {{…}}"
        if literal is None or literal[1] != len(block) or literal[0].dynamic_head:
            found.append(EmbeddedCommand(call, None))
            continue
        args = flatten(read_args(code, close + 1, PERL, parens=False))
        found.append(EmbeddedCommand(call, call_builders.joined([literal[0], *args[1:]])))
    return found


def _evaluated_code(language: str, code: str) -> list[EmbeddedCommand]:
    """``exec("…")``, ``eval('…')``: literal code is scanned like the rest."""
    regex = _EVALS.get("javascript" if language == "typescript" else language)
    if regex is None:
        return []
    syntax = SPECS[language][0]
    found: list[EmbeddedCommand] = []
    for match in _compiled(regex).finditer(code):
        args = read_args(code, match.end(), syntax, parens=match.group(0).rstrip().endswith("("))
        body = args[-1] if args and language == "javascript" else args[0] if args else None
        if isinstance(body, Literal) and not body.dynamic_head:
            found.append(EmbeddedCommand(_call_text(match), body.text, language=language))
    return found


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
    """Every process start found in ``code`` written in ``language`` (not for shell).

    Code in a language capy does not read (AppleScript, Lua, Tcl, Julia…) is one process start
    capy cannot read: it fails closed like any other.
    """
    if language not in SPECS:
        return (EmbeddedCommand(f"{language} code", None),) if code.strip() else ()
    found = _from_specs(language, code) + _backticks(language, code)
    found += _evaluated_code(language, code)
    if language == "python":
        found += _python_reflection(code)
    elif language == "perl":
        found += _perl_blocks(code)
    elif language in {"javascript", "typescript"}:
        found += _js_templates(code)
        if "child_process" not in code:
            keep = ("Bun", "Deno", "$`", "process", "eval", "Function", "newFunction")
            found = [f for f in found if f.call.startswith(keep)]
        else:
            found += _js_dynamic(code)
    return tuple(found)
