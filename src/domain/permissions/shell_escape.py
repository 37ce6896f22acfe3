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
from collections.abc import Callable

import attrs

from domain.permissions.code_literals import (
    Arg,
    Keyword,
    ListLiteral,
    Literal,
    Syntax,
    closing_delimiter,
    read_args,
    read_string,
)
from domain.permissions.python_imports import alias_patterns


@attrs.frozen
class EmbeddedCommand:
    """A process start found in code: the command line (``None`` if dynamic) and the call."""

    call: str
    command: str | None
    certain: bool = True


Builder = Callable[[list[Arg]], str | None]
PLACEHOLDER = "…"


def _flatten(args: list[Arg]) -> list[Literal | None]:
    items: list[Literal | None] = []
    for arg in args:
        if isinstance(arg, Keyword):
            continue
        if isinstance(arg, ListLiteral):
            items.extend(arg.items)
        else:
            items.append(arg)
    return items


def _joined(items: list[Literal | None]) -> str | None:
    """One string is a command line already; several are argv, quoted so ``["sh", "-c", "a b"]``
    reads as ``sh -c 'a b'``."""
    if not items or items[0] is None or items[0].dynamic_head:
        return None
    if len(items) == 1:
        return items[0].text
    return " ".join(shlex.quote(item.text) if item is not None else PLACEHOLDER for item in items)


def first(args: list[Arg]) -> str | None:
    return _joined(_flatten(args[:1]))


def join_all(args: list[Arg]) -> str | None:
    return _joined(_flatten(args))


def skip_first(args: list[Arg]) -> str | None:
    return _joined(_flatten(args[1:]))


def r_system2(args: list[Arg]) -> str | None:
    extra: list[Arg] = [a.value for a in args if isinstance(a, Keyword) and a.name == "args"]
    return _joined(_flatten(args[:2] + extra))


def perl_open(args: list[Arg]) -> str | None:
    mode = args[1] if len(args) > 1 else None
    if isinstance(mode, Literal) and mode.text.strip() in {"-|", "|-"}:
        return _joined(_flatten(args[2:]))
    if isinstance(mode, Literal) and len(args) == 2:
        text = mode.text.strip()
        if text.startswith("|") or text.endswith("|"):
            return text.strip("|").strip() or None
    return ""  # not a pipe open: nothing to check


@attrs.frozen
class CallSpec:
    regex: str  # compiled on first use: the hook's Bash path never needs these
    build: Builder = first
    parens: bool = True  # False: the call may omit parentheses (ruby, perl)
    certain: bool = True


def _spec(
    regex: str, build: Builder = first, *, parens: bool = True, certain: bool = True
) -> CallSpec:
    return CallSpec(regex, build, parens, certain)


PY = Syntax(quotes="\"'", string_prefixes="rRbBfFuU", interpolating_quotes="")
JS = Syntax(quotes="\"'`", interpolation=("${",), interpolating_quotes="`")
RUBY = Syntax(interpolation=("#{",), list_openers=("[", "%w[", "%w(", "%W[", "%i["))
GO = Syntax(quotes='"', raw_backtick=True)
RUST = Syntax(quotes='"', string_prefixes="r", list_openers=("[", "&[", "vec![", "&vec!["))
PHP = Syntax(interpolation=("$", "{$"), list_openers=("[", "array("))
PERL = Syntax(interpolation=("$", "@"), list_openers=("(", "["))
R = Syntax(list_openers=("c(", "list("))
ELIXIR = Syntax(interpolation=("#{",), list_openers=("[",), keyword_sep=":")

_CP = r"(?:child_process|childProcess|cp|require\(\s*['\"](?:node:)?child_process['\"]\s*\))"
SPECS: dict[str, tuple[Syntax, tuple[CallSpec, ...]]] = {
    "python": (
        PY,
        (
            _spec(r"\bos\s*\.\s*(?:system|popen)\s*\("),
            _spec(
                r"\bsubprocess\s*\.\s*(?:run|call|Popen|check_output|check_call|getoutput"
                r"|getstatusoutput)\s*\("
            ),
            _spec(r"\bpty\s*\.\s*spawn\s*\("),
            _spec(r"\bcreate_subprocess_shell\s*\("),
            _spec(r"\bcreate_subprocess_exec\s*\(", join_all),
            _spec(r"\bos\s*\.\s*(?:exec|spawn)[lv]p?e?\s*\(", first, certain=False),
            _spec(r"\bos\s*\.\s*posix_spawnp?\s*\(", first, certain=False),
            _spec(
                r"(?<![\w.])(?:Popen|check_output|check_call|getoutput|getstatusoutput)\s*\(",
                certain=False,
            ),
        ),
    ),
    "javascript": (
        JS,
        (
            _spec(rf"{_CP}\s*\.\s*(?:exec|execSync)\s*\("),
            _spec(rf"{_CP}\s*\.\s*(?:spawn|spawnSync|execFile|execFileSync)\s*\(", join_all),
            _spec(r"(?<![\w$.])(?:exec|execSync)\s*\(", certain=False),
            _spec(
                r"(?<![\w$.])(?:spawn|spawnSync|execFile|execFileSync)\s*\(",
                join_all,
                certain=False,
            ),
            _spec(r"\bBun\s*\.\s*spawn(?:Sync)?\s*\(", join_all),
            _spec(r"\bDeno\s*\.\s*Command\s*\(", join_all),
        ),
    ),
    "ruby": (
        RUBY,
        (
            _spec(
                r"(?<![\w.:])(?:Kernel\s*\.\s*)?(?:system|exec|spawn)\b(?=\s*[(\"'%\[])\s*\(?",
                join_all,
                parens=False,
            ),
            _spec(r"\bProcess\s*\.\s*spawn\b\s*\(?", join_all, parens=False),
            _spec(r"\bIO\s*\.\s*popen\b\s*\(?", join_all, parens=False),
            _spec(r"\bOpen3\s*\.\s*\w+\b\s*\(?", join_all, parens=False),
        ),
    ),
    "go": (
        GO,
        (
            _spec(r"\bexec\s*\.\s*Command\s*\(", join_all),
            _spec(r"\bexec\s*\.\s*CommandContext\s*\(", skip_first),
            _spec(r"\bsyscall\s*\.\s*Exec\s*\("),
        ),
    ),
    "rust": (RUST, (_spec(r"\bCommand\s*::\s*new\s*\("),)),
    "php": (
        PHP,
        (
            _spec(
                r"(?<![\w$>:])(?:shell_exec|exec|system|passthru|proc_open|popen|pcntl_exec)\s*\("
            ),
        ),
    ),
    "perl": (
        PERL,
        (
            _spec(r"(?<![\w$@%>:&])(?:system|exec)\b(?=\s*[(\"'q])\s*\(?", join_all, parens=False),
            _spec(r"(?<![\w$@%>:&])open\b\s*\(?", perl_open, parens=False, certain=False),
            _spec(r"(?<![\w$@%>:&])readpipe\b\s*\(?", parens=False),
        ),
    ),
    "r": (
        R,
        (
            _spec(r"(?<![\w.])(?:system|shell|pipe)\s*\("),
            _spec(r"(?<![\w.])system2\s*\(", r_system2),
        ),
    ),
    "elixir": (
        ELIXIR,
        (
            _spec(r"\bSystem\s*\.\s*cmd\s*\(?", join_all, parens=False),
            _spec(r"\bSystem\s*\.\s*shell\s*\(?", parens=False),
            _spec(r":os\s*\.\s*cmd\s*\(?", parens=False),
        ),
    ),
}
SPECS["typescript"] = SPECS["javascript"]

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
        parts.extend(shlex.quote(item.text) if item else PLACEHOLDER for item in _flatten(args))
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
