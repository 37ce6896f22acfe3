"""Where a shell or an interpreter gets the program it runs.

A shell runs ``-c STRING``, else its first operand as a script file, else its standard input
(also with ``-s``); ``/dev/stdin``, ``/dev/fd/0``, ``/proc/self/fd/0`` and ``-`` are standard
input by another name, ``<(…)`` is the output of the commands inside. Interpreters work alike
with their own flags (``python -c``, ``node -e``/``-p``, ``perl -e``, ``php -r``…).

``output_of`` tells what a simple producer prints (``echo``, ``printf``, ``cat`` of a heredoc),
so ``echo 'cmd' | bash`` is read as the script ``cmd``; anything else is unknown.
"""

from __future__ import annotations

import functools
import re

from domain.hooks.value import Value
from domain.precompiled import precompiled
from domain.shell.programs import basename
from domain.shell.runner_table import SHELLS

INLINE = "inline"
FILE = "file"
STDIN = "stdin"
MODULE = "module"

_STDIN_PATHS = precompiled(r"^(?:-|/dev/stdin|/dev/fd/0|/proc/(?:self|\$\$|\d+)/fd/0)$")
_FD_PATH = precompiled(r"^(?:/dev/fd|/proc/(?:self|\$\$|\d+)/fd)/(\d+)$")
_VERSIONED = precompiled(r"^(python|pypy|perl|ruby|php|node|lua|julia|tclsh)[\d.]*$")


class Source(Value):
    """``kind``: inline (``text`` is the program), file (``text`` names it), stdin, module."""

    __slots__ = ("kind", "text")
    kind: str
    text: str

    def __init__(self, kind: str, text: str = "") -> None:
        self._init(kind=kind, text=text)


class Interpreter(Value):
    """``inline``: flags whose value is the program; ``values``: flags that take another value;
    ``module``: flags that run a named module instead of a file."""

    __slots__ = ("inline", "language", "module", "values")
    language: str
    inline: frozenset[str]
    values: frozenset[str]
    module: frozenset[str]

    def __init__(self, language: str, inline: str, values: str = "", module: str = "") -> None:
        self._init(
            language=language,
            inline=frozenset(inline.split()),
            values=frozenset(values.split()),
            module=frozenset(module.split()),
        )


INTERPRETER_NAMES = frozenset(
    {
        "python",
        "pypy",
        "node",
        "nodejs",
        "bun",
        "deno",
        "tsx",
        "ts-node",
        "ruby",
        "perl",
        "php",
        "Rscript",
        "R",
        "elixir",
        "pwsh",
        "powershell",
        "osascript",
        "lua",
        "luajit",
        "julia",
        "tclsh",
        "wish",
    }
)


@functools.cache
def _interpreters() -> dict[str, Interpreter]:
    """Built on first use: most commands are not interpreters."""
    return {
        "python": Interpreter("python", "-c", "-W -X --check-hash-based-pycs", "-m"),
        "pypy": Interpreter("python", "-c", "-W -X", "-m"),
        "node": Interpreter(
            "javascript",
            "-e --eval -p --print",
            "-r --require --import --loader --experimental-loader --input-type --conditions "
            "--env-file -C",
        ),
        "nodejs": Interpreter("javascript", "-e --eval -p --print", "-r --require --import"),
        "bun": Interpreter("javascript", "-e --eval -p --print", "-r --preload --cwd --env-file"),
        "deno": Interpreter("javascript", "eval"),
        "tsx": Interpreter("typescript", "-e --eval -p --print", "--tsconfig --import"),
        "ts-node": Interpreter("typescript", "-e --eval -p --print", "-r --require -P --project"),
        "ruby": Interpreter("ruby", "-e", "-r -I -C -E -F -x --encoding"),
        "perl": Interpreter("perl", "-e -E", "-I -M -m -x -F -0 -l -i -C -d -D"),
        "php": Interpreter("php", "-r -B -R -E -F", "-d -c -z -t"),
        "Rscript": Interpreter("r", "-e", "--default-packages"),
        "R": Interpreter("r", "-e", ""),
        "elixir": Interpreter("elixir", "-e --eval", "-r -pr -pa -pz --app --cookie --erl"),
        "pwsh": Interpreter("shell", "-c -Command -command -C", "-File -f -WorkingDirectory"),
        "powershell": Interpreter("shell", "-c -Command -command -C", "-File -f"),
        "osascript": Interpreter("applescript", "-e", "-l -s"),
        "lua": Interpreter("lua", "-e", "-l"),
        "luajit": Interpreter("lua", "-e", "-l -j -O"),
        "julia": Interpreter("julia", "-e --eval -E --print", "-L --load -J --project -t"),
        "tclsh": Interpreter("tcl", ""),
        "wish": Interpreter("tcl", ""),
    }


def interpreter_of(name: str) -> Interpreter | None:
    """``python3.12`` → python's entry; ``None`` for anything that is not a known interpreter."""
    versioned = _VERSIONED.match(name)
    key = "pypy" if name.startswith("pypy") else versioned.group(1) if versioned else name
    return _interpreters().get(key) if key in INTERPRETER_NAMES else None


def shell_source(words: tuple[str, ...] | list[str]) -> Source:
    """Where ``bash …``/``sh …``/``zsh …`` reads its script (``words[0]`` is a shell)."""
    inline = False
    reads_stdin = False
    i = 1
    while i < len(words):
        word = words[i]
        if word in {"--", "-"}:
            i += 1
            if word == "-":
                reads_stdin = True
            break
        if word in {"-o", "+o", "-O", "+O"}:
            i += 2
            continue
        if word.startswith("--"):
            name, eq, value = word.partition("=")
            if name in {"--command", "--init-command"}:  # fish
                return Source(INLINE, value if eq else _at(words, i + 1))
            i += 1 if eq or name not in {"--rcfile", "--init-file"} else 2
            continue
        if word[:1] in "-+" and len(word) > 1:
            letters = word[1:]
            if word[0] == "-" and (
                "c" in letters or ("C" in letters and basename(words[0]) == "fish")
            ):
                inline = True
            if "s" in letters:
                reads_stdin = True
            i += 2 if word[0] in "-+" and letters[-1:] in {"o", "O"} else 1
            continue
        break
    operands = list(words[i:])
    if inline:
        return Source(INLINE, operands[0]) if operands else Source(INLINE)
    if reads_stdin or not operands:
        return Source(STDIN)
    return _file_or_stdin(operands[0])


def interpreter_source(words: tuple[str, ...] | list[str]) -> tuple[str, Source] | None:
    """``(language, where its program comes from)`` for a known interpreter, else ``None``."""
    name = basename(words[0]) if words else ""
    interpreter = interpreter_of(name)
    if interpreter is None:
        return None
    language = interpreter.language
    if name == "deno" or (name == "bun" and len(words) > 1 and words[1] in {"run", "x"}):
        return _subcommand_source(language, words)
    i = 1
    while i < len(words):
        word = words[i]
        if word in interpreter.inline:
            return language, Source(INLINE, _at(words, i + 1))
        name_part, eq, value = word.partition("=")
        if eq and name_part in interpreter.inline:
            return language, Source(INLINE, value)
        if word == "--":
            i += 1
            break
        if word == "-":
            return language, Source(STDIN)
        if word in interpreter.module:
            return language, Source(MODULE, _at(words, i + 1))
        if not word.startswith("-"):
            break
        if word in interpreter.values or (eq and name_part in interpreter.values):
            i += 1 if eq else 2
            continue
        cluster = word[1:] if not word.startswith("--") else ""
        inline_letter = next((c for c in cluster if "-" + c in interpreter.inline), None)
        if inline_letter is not None:  # ``python -Ic 'code'``, ``perl -lne 'code'``
            attached = cluster.split(inline_letter, 1)[1]
            return language, Source(INLINE, attached or _at(words, i + 1))
        if any("-" + c in interpreter.module for c in cluster):
            return language, Source(MODULE, cluster.split("m", 1)[-1] or _at(words, i + 1))
        i += 1
    if i >= len(words):
        return language, Source(STDIN)
    return language, _file_or_stdin(words[i])


def _subcommand_source(language: str, words: tuple[str, ...] | list[str]) -> tuple[str, Source]:
    if len(words) > 2 and words[1] == "eval":
        return language, Source(INLINE, words[-1])
    for word in words[2:]:
        if not word.startswith("-"):
            return language, _file_or_stdin(word)
        if word == "-":
            return language, Source(STDIN)
    return language, Source(STDIN)


def _file_or_stdin(word: str) -> Source:
    if _STDIN_PATHS.match(word):
        return Source(STDIN)
    return Source(FILE, word)


def is_stdin_path(path: str) -> bool:
    """``/dev/stdin``, ``/dev/fd/0``, ``/proc/self/fd/0`` and ``-`` name standard input."""
    return bool(_STDIN_PATHS.match(path))


def fd_of(path: str) -> str | None:
    """``/dev/fd/3`` → ``3``; ``None`` for an ordinary path."""
    match = _FD_PATH.match(path)
    return match.group(1) if match else None


def is_shell(word: str) -> bool:
    return basename(word) in SHELLS


def _at(words: tuple[str, ...] | list[str], i: int) -> str:
    return words[i] if i < len(words) else ""


# ---- what simple producers print --------------------------------------------------------

_PRINTF_DIRECTIVE = precompiled(r"%(?:%|[-+ #0]*\d*(?:\.\d+)?([sbcdiouxXeEfgGq]))")


def echo_output(args: list[str]) -> str:
    """What ``echo args…`` prints (``-n``/``-e``/``-E`` understood)."""
    interpret = False
    newline = True
    while args and re.fullmatch(r"-[neE]+", args[0]):
        flags = args.pop(0)
        newline = newline and "n" not in flags
        if "e" in flags:
            interpret = True
        if "E" in flags:
            interpret = False
    text = " ".join(args)
    if interpret:
        text = _backslashes(text)
    return text + ("\n" if newline else "")


def printf_output(args: list[str]) -> str | None:
    """What ``printf FORMAT args…`` prints, for the directives scripts use (else ``None``)."""
    if args and args[0] == "--":
        args = args[1:]
    if not args or args[0] == "-v":
        return None
    fmt, values = args[0], args[1:]
    out: list[str] = []
    rounds = 0
    while True:
        position = 0
        used = 0
        for match in _PRINTF_DIRECTIVE.finditer(fmt):
            out.append(_backslashes(fmt[position : match.start()]))
            position = match.end()
            conversion = match.group(1)
            if conversion is None:
                out.append("%")
                continue
            value = values[used] if used < len(values) else ""
            used += 1
            out.append(_backslashes(value) if conversion == "b" else value)
        out.append(_backslashes(fmt[position:]))
        values = values[used:]
        rounds += 1
        if not values or not used or rounds > 64:
            break
    return "".join(out)


def _backslashes(text: str) -> str:
    r"""``\n``, ``\xHH``, ``\0NNN`` … as ``echo -e`` and ``printf`` read them."""
    if "\\" not in text:
        return text
    from domain.escapes import decode

    return decode(text, "printf")
