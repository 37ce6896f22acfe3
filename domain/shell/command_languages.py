"""Programs whose own little languages run commands: awk's ``system()`` and pipes, GNU sed's
``e``, vim's ``:!``, gdb's ``shell``, sqlite3's ``.shell``, psql's ``\\!``, mysql's ``system``,
expect's ``spawn``. A command written as a literal is returned to be checked; one built at run
time is returned as a reason, so the rules fail closed on it."""

from __future__ import annotations

import re

from domain.shell.runs import NOTHING, Runs, option_values

AWKS = frozenset({"awk", "gawk", "mawk", "nawk", "busybox-awk"})
VIMS = frozenset({"vim", "vi", "nvim", "ex", "view", "vimdiff", "gvim", "rvim", "evim"})
_AWK_VALUE_FLAGS = frozenset({"-F", "-v", "--field-separator", "--assign", "-i", "--include"})
_AWK_STRING = r'"(?:[^"\\]|\\.)*"'
_AWK_SYSTEM = re.compile(r"\bsystem\s*\(")
# From the last print before the pipe (only the match's end is used): starting at every print
# of ``print print print …`` and reading on to the statement's end from each was quadratic.
_AWK_PRINT_PIPE = re.compile(r"\bprintf?\b(?:(?!\bprintf?\b)[^;\n}|])*+\|&?(?!\|)\s*")
_AWK_GETLINE = re.compile(r"\|&?\s*getline\b")


def gdb(args: list[str]) -> Runs:
    scripts: list[str] = []
    code: list[tuple[str, str]] = []
    names = frozenset({"-ex", "--ex", "-eval-command", "--eval-command", "-iex", "--iex"})
    for value in option_values(args, names):
        text = value.strip()
        if text.startswith("!"):
            scripts.append(text[1:])
        elif text.split(None, 1)[:1] in (["shell"], ["pipe"]):
            scripts.append(text.split(None, 1)[1] if " " in text else "")
        elif text.split(None, 1)[:1] in (["python"], ["py"], ["python-interactive"]):
            code.append(("python", text.split(None, 1)[1] if " " in text else ""))
    return Runs(tuple(scripts), tuple(code))


_VIM_SHELL = re.compile(
    r"^(?:\s*:)*\s*(?:silent!?\s+|exe(?:cute)?\s+)?(?:r(?:ead)?\s*|w(?:rite)?\s*)?!(.*)$"
)


_VIM_TERMINAL = re.compile(r"^(?:\s*:)*\s*(?:ter(?:minal)?|sh(?:ell)?)\b\s*(.*)$")


def vim(args: list[str]) -> Runs:
    commands = option_values(args, frozenset({"-c", "--cmd"}))
    commands += [a[1:] for a in args if a.startswith("+") and len(a) > 1]
    scripts: list[str] = []
    unknown: list[str] = []
    for text in commands:
        shell = _VIM_SHELL.match(text)
        terminal = _VIM_TERMINAL.match(text)
        if shell is not None:
            scripts.append(shell.group(1))
        elif terminal is not None and terminal.group(1):
            scripts.append(terminal.group(1))
        elif "system(" in text or "systemlist(" in text or "jobstart(" in text:
            unknown.append("vim runs a command through system()")
    return Runs(tuple(scripts), unknown=tuple(unknown))


def sqlite(args: list[str]) -> Runs:
    scripts: list[str] = []
    for text in args:
        for line in text.splitlines():
            stripped = line.strip()
            head, _, rest = stripped.partition(" ")
            if head in {".shell", ".system"}:
                scripts.append(rest)
            elif head in {".once", ".output"} and rest.strip().startswith(("|", "'|", '"|')):
                scripts.append(rest.strip().strip("'\"").lstrip("|"))
    return Runs(tuple(scripts))


def psql(args: list[str]) -> Runs:
    scripts: list[str] = []
    unknown: list[str] = []
    for text in option_values(args, frozenset({"-c", "--command"})):
        for match in re.finditer(r"\\!\s*([^\n]*)", text):
            scripts.append(match.group(1))
        if re.search(r"\\[og]\s*\||\bprogram\s*'", text, re.IGNORECASE):
            unknown.append("psql pipes output into a command")
    return Runs(tuple(scripts), unknown=tuple(unknown))


def mysql(args: list[str]) -> Runs:
    scripts: list[str] = []
    for text in option_values(args, frozenset({"-e", "--execute"})):
        for match in re.finditer(r"(?:^|;)\s*(?:system|\\!)\s+([^;\n]*)", text):
            scripts.append(match.group(1))
    return Runs(tuple(scripts))


def expect(args: list[str]) -> Runs:
    scripts: list[str] = []
    for text in option_values(args, frozenset({"-c"})):
        for match in re.finditer(r"(?:^|[;\n])[ \t]*(?:spawn|exec)\s+(?:-\w+\s+)*([^;\n]*)", text):
            scripts.append(match.group(1))
    return Runs(tuple(scripts))


def sed(args: list[str]) -> Runs:
    programs: list[str] = []
    i = 0
    operands: list[str] = []
    sandbox = False
    while i < len(args):
        word = args[i]
        if word in {"-e", "--expression"}:
            programs.append(args[i + 1] if i + 1 < len(args) else "")
            i += 2
            continue
        if word.startswith("--expression="):
            programs.append(word.split("=", 1)[1])
        elif word in {"-f", "--file", "-l", "--line-length"}:
            i += 2
            continue
        elif word == "--sandbox":
            sandbox = True
        elif word.startswith("-e") and len(word) > 2:
            programs.append(word[2:])
        elif not word.startswith("-") or word == "-":
            operands.append(word)
        i += 1
    if not programs and operands:
        programs.append(operands[0])
    if sandbox:
        return NOTHING
    scripts: list[str] = []
    unknown: list[str] = []
    for program in programs:
        found, dynamic = sed_commands(program)
        scripts += found
        unknown += dynamic
    return Runs(tuple(scripts), unknown=tuple(unknown))


def sed_commands(program: str) -> tuple[list[str], list[str]]:
    """Commands a GNU sed program runs: ``e command`` (checked), and ``e`` alone or the ``e``
    flag of ``s///`` (they run text produced at run time)."""
    scripts: list[str] = []
    unknown: list[str] = []
    i, n = 0, len(program)
    while i < n:
        c = program[i]
        if c in " \t\n;{}!0123456789$,~+":
            i += 1  # separators and line addresses
        elif c == "/" or (c == "\\" and i + 1 < n):
            delimiter = "/" if c == "/" else program[i + 1]
            i = _sed_skip(program, i + (1 if c == "/" else 2), delimiter) + 1
            while i < n and program[i] in "IM":
                i += 1
        elif c in "sy" and i + 1 < n:
            delimiter = program[i + 1]
            i = _sed_skip(program, i + 2, delimiter)
            i = _sed_skip(program, i + 1, delimiter) + 1
            flags_end = i
            while flags_end < n and program[flags_end] not in ";\n}":
                flags_end += 1
            flags = program[i:flags_end]
            if c == "s" and re.match(r"^[gpiImMe\d]*e", flags):
                unknown.append("sed's e flag runs the edited line as a command")
            i = flags_end
        elif c == "e":
            end = program.find("\n", i)
            end = n if end < 0 else end
            command = program[i + 1 : end].strip()
            if command:
                scripts.append(command)
            else:
                unknown.append("sed's e command runs the pattern space as a command")
            i = end
        elif c in "aicrRwW:btT":
            end = program.find("\n", i)
            if c in "btT":
                semi = program.find(";", i)
                end = semi if 0 <= semi < end or end < 0 <= semi else end
            i = n if end < 0 else end
        else:
            i += 1
    return scripts, unknown


def _sed_skip(program: str, i: int, delimiter: str) -> int:
    """Index of the next unescaped ``delimiter`` from ``i`` (``len`` when missing)."""
    while i < len(program):
        if program[i] == "\\":
            i += 2
            continue
        if program[i] == delimiter:
            return i
        i += 1
    return len(program)


def awk(args: list[str]) -> Runs:
    programs: list[str] = []
    i = 0
    while i < len(args) and args[i].startswith("-") and args[i] != "-":
        word = args[i]
        if word in {"-f", "--file"}:
            return NOTHING  # program in a file: out of reach, like any script file
        if word in {"-e", "--source"}:
            programs.append(args[i + 1] if i + 1 < len(args) else "")
            i += 2
            continue
        i += 2 if word in _AWK_VALUE_FLAGS else 1
    if not programs and i < len(args):
        programs.append(args[i])
    scripts: list[str] = []
    fed: list[str] = []
    unknown: list[str] = []
    for program in programs:
        found, piped, dynamic = awk_commands(program)
        scripts += found
        fed += piped
        unknown += dynamic
    return Runs(tuple(scripts), unknown=tuple(unknown), fed=tuple(fed))


def awk_commands(program: str) -> tuple[list[str], list[str], list[str]]:
    """Commands an awk program runs: ``system(…)``, ``print | cmd``, ``cmd | getline``. A
    command made only of string literals is returned (the third list: commands fed what awk
    prints); any other fails closed."""
    scripts: list[str] = []
    fed: list[str] = []
    unknown: list[str] = []
    for match in _AWK_SYSTEM.finditer(program):
        argument = _balanced(program, match.end())
        _literal_or_unknown(argument, "system()", scripts, unknown)
    for match in _AWK_PRINT_PIPE.finditer(program):
        end = match.end()
        stop = end
        while stop < len(program) and program[stop] not in ";\n}":
            stop = _skip_awk_string(program, stop)
        _literal_or_unknown(program[end:stop], "print | …", fed, unknown)
    for match in _AWK_GETLINE.finditer(program):
        start = match.start()
        begin = start
        while begin > 0 and program[begin - 1] not in "(;{\n=!":
            begin -= 1
        _literal_or_unknown(program[begin:start], "… | getline", scripts, unknown)
    return scripts, fed, unknown


def _skip_awk_string(program: str, i: int) -> int:
    if program[i] != '"':
        return i + 1
    match = re.compile(_AWK_STRING).match(program, i)
    return match.end() if match else len(program)


def _balanced(text: str, i: int) -> str:
    depth = 1
    start = i
    while i < len(text):
        c = text[i]
        if c == '"':
            i = _skip_awk_string(text, i)
            continue
        if c == "(":
            depth += 1
        elif c == ")":
            depth -= 1
            if depth == 0:
                break
        i += 1
    return text[start:i]


def _literal_or_unknown(expression: str, call: str, scripts: list[str], unknown: list[str]) -> None:
    """Adjacent string literals are concatenated (``"tou" "ch x"``); anything else is dynamic."""
    text = expression.strip()
    pieces = re.fullmatch(rf"(?:\s*{_AWK_STRING})+\s*", text)
    if not text:
        return
    if pieces is None:
        unknown.append(f"awk's {call} runs a command built at run time")
        return
    decoded = "".join(_awk_unescape(m.group(0)[1:-1]) for m in re.finditer(_AWK_STRING, text))
    scripts.append(decoded)


def _awk_unescape(body: str) -> str:
    from domain.escapes import decode

    return decode(body, "awk")
