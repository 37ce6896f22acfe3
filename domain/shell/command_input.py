"""What a command reads on its standard input or from a file operand, and the scope it is read in.

The walk over a script (``invocations``) asks here what a shell or interpreter would get as its
program: text written on the command line (a heredoc, a here-string, ``echo``/``printf``/``cat``
piped in, ``<(…)`` of one such producer), a file it cannot read, or something known only when
the script runs (``why``), which permission rules treat as unknowable.
"""

from __future__ import annotations

from domain.hooks.value import Value
from domain.shell.limits import AnalysisBudget
from domain.shell.programs import basename, drop_prefix_noise
from domain.shell.reader import read_script
from domain.shell.sources import echo_output, fd_of, is_stdin_path, printf_output
from domain.shell.syntax import COMPOUND_UPSTREAM, Script, SimpleCommand
from domain.shell.variables import Definitions, expand_command, is_run_time

_PASS_THROUGH = frozenset({"cat", "tac", "tee"})


class Input(Value):
    """What a command reads on stdin: known text, a file, or something unknown (``why``)."""

    __slots__ = ("file", "text", "why")
    text: str | None
    file: str
    why: str

    def __init__(self, text: str | None = None, file: str = "", why: str = "") -> None:
        self._init(text=text, file=file, why=why)


NOTHING = Input("")


class Scope:
    """What a script is read within: the definitions around it, how deep it is nested, how it
    was reached, what its stdin holds, and whether arguments are appended at run time."""

    __slots__ = ("appends", "definitions", "depth", "stdin", "via")

    def __init__(
        self,
        definitions: Definitions,
        depth: int = 0,
        via: str = "",
        stdin: Input = NOTHING,
        appends: bool = False,
    ) -> None:
        self.definitions = definitions
        self.depth = depth
        self.via = via
        self.stdin = stdin
        self.appends = appends

    def inner(self, via: str, stdin: Input = NOTHING, appends: bool = False) -> Scope:
        """The scope of a script this one hands to a shell or a runner."""
        return Scope(self.definitions, self.depth + 1, via, stdin, appends)

    def with_appends(self, appends: bool) -> Scope:
        if appends == self.appends:
            return self
        return Scope(self.definitions, self.depth, self.via, self.stdin, appends)


class Context:
    """Where a command sits: its script, its syntax, and the scope around it."""

    __slots__ = ("command", "scope", "script")

    def __init__(self, script: Script, command: SimpleCommand, scope: Scope) -> None:
        self.script = script
        self.command = command
        self.scope = scope

    def of(self, command: SimpleCommand) -> Context:
        return Context(self.script, command, self.scope)


def file_input(path: str, context: Context, budget: AnalysisBudget) -> Input:
    """What reading ``path`` gives: a process substitution's output, stdin, a descriptor's
    redirect, or a file the check cannot read."""
    if path.startswith(("<(", ">(")) and path.endswith(")"):
        return output_of_text(path[2:-1], context, budget)
    if is_stdin_path(path) and path != "-":
        return stdin_of(context, budget)
    fd = fd_of(path)
    if fd is not None:
        return descriptor(fd, context, budget)
    if context.scope.appends and is_run_time(path):
        return Input(why="arguments added at run time")
    return Input(file=path)


def descriptor(fd: str, context: Context, budget: AnalysisBudget) -> Input:
    """What file descriptor ``fd`` of the command is redirected from."""
    for redirect in reversed(context.command.redirects):
        if redirect.fd == fd and redirect.op in {"<<", "<<-", "<<<", "<"}:
            if redirect.op == "<<<":
                return Input(redirect.target + "\n")
            if redirect.body is not None:
                return Input(redirect.body)
            return file_input(redirect.target, context, budget)
    return Input(why=f"file descriptor {fd}")


def stdin_of(context: Context, budget: AnalysisBudget) -> Input:
    """What the command reads on stdin: a redirect, else its pipe's producer, else the scope's."""
    command = context.command
    for redirect in reversed(command.redirects):
        if not redirect.reads_stdin:
            continue
        target = redirect.target
        if redirect.op == "<<<":
            return Input(target + "\n")
        if redirect.body is not None:
            return Input(redirect.body)
        if redirect.op == "<":
            if target == "/dev/null":
                return NOTHING
            if target == "/dev/stdin" or fd_of(target) == "0":
                break
            return file_input(target, context, budget)
        if redirect.op == "<&":
            if target == "0":
                break
            return descriptor(target, context, budget)
        return Input(file=target)
    if command.upstream >= 0:
        producer = context.script.commands[command.upstream]
        return output_of(producer, context, budget)
    if command.upstream == COMPOUND_UPSTREAM:
        return Input(why="the output of a group, loop or subshell")
    return context.scope.stdin


def output_of(producer: SimpleCommand, context: Context, budget: AnalysisBudget) -> Input:
    """What ``producer`` prints (for ``echo …``, ``printf …``, ``cat <<EOF``)."""
    words = drop_prefix_noise(list(producer.words))
    if not words:
        return Input(why="a command without a name")
    expanded, unknowable = expand_command(words, context.scope.definitions)
    if unknowable or not expanded:
        return Input(why=f"the output of {words[0]}")
    words = expanded[0]
    name = basename(words[0])
    if any(r.writes_stdout for r in producer.redirects):
        return NOTHING
    if name == "echo":
        return Input(echo_output(words[1:]))
    if name == "printf":
        text = printf_output(words[1:])
        return Input(text) if text is not None else Input(why="printf's output")
    if name in _PASS_THROUGH:
        operands = [w for w in words[1:] if w == "-" or not w.startswith("-")]
        inner = context.of(producer)
        if name == "tee" or all(op == "-" for op in operands):
            return stdin_of(inner, budget)
        return file_input(operands[0], inner, budget)
    return Input(why=f"the output of {name}")


def output_of_text(text: str, context: Context, budget: AnalysisBudget) -> Input:
    """What the commands in ``<(…)`` print: known when it is one simple producer."""
    parsed = read_script(text, budget)
    if len(parsed.commands) != 1:
        return Input(why="the output of several commands")
    inner = Context(parsed, parsed.commands[0], context.scope.with_appends(False))
    return output_of(parsed.commands[0], inner, budget)
