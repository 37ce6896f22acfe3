"""Everything a shell script would run: the walk both routing and permission rules rely on.

Each simple command (``reader``) is followed through what it runs: wrappers peeled one by one
(``programs``), command words built from variables, aliases or ``hash -p`` (``variables``),
scripts handed to a shell in every way — ``-c``, ``eval``, ``source``, a heredoc, a
here-string, ``< <(…)``, ``<(…)``, ``/dev/stdin``, a pipe from ``echo``/``printf``/``cat`` —
commands started by other programs (``runners``), and code handed to an interpreter
(``sources``). What would run but cannot be read — a script from ``curl``'s output, a command
name from the environment, ``awk '{system($0)}'`` — is an invocation with a ``dynamic`` reason:
permission rules fail closed on it.

Script files (``bash build.sh``, ``python3 tool.py``, ``cat s.sh | bash``) are not read: that is
the boundary of what a check of the command line can see (ADR 0018).
"""

from __future__ import annotations

import functools
import re

from domain.precompiled import precompiled
from domain.shell.analysis import Analysis, Code, Invocation, Stage
from domain.shell.command_input import (
    NOTHING,
    Context,
    Input,
    Scope,
    file_input,
    stdin_of,
)
from domain.shell.limits import (
    MAX_STAGES,
    MAX_TEXT_CHARS,
    AnalysisBudget,
    AnalysisLimit,
    nesting_limit,
)
from domain.shell.programs import basename, drop_prefix_noise, peel
from domain.shell.reader import read_script, read_substitutions
from domain.shell.runner_table import SHELLS
from domain.shell.runners import commands_run_by, ssh_remote_command
from domain.shell.runs import option_values
from domain.shell.sources import (
    FILE,
    INLINE,
    MODULE,
    STDIN,
    Source,
    fd_of,
    interpreter_of,
    interpreter_source,
    shell_source,
)
from domain.shell.syntax import SimpleCommand
from domain.shell.variables import (
    Definitions,
    expand_command,
    is_run_time,
    substitute_arguments,
)

# variables whose value is a command some program runs (``GIT_SSH_COMMAND=… git fetch``)
COMMAND_VARIABLES = frozenset(
    {
        "GIT_SSH_COMMAND",
        "GIT_SSH",
        "GIT_PAGER",
        "GIT_EDITOR",
        "GIT_SEQUENCE_EDITOR",
        "GIT_EXTERNAL_DIFF",
        "GIT_ASKPASS",
        "SSH_ASKPASS",
        "SUDO_ASKPASS",
        "PAGER",
        "MANPAGER",
        "EDITOR",
        "VISUAL",
        "BROWSER",
        "LESSOPEN",
        "LESSCLOSE",
        "PROMPT_COMMAND",
        "RSYNC_RSH",
        "CVS_RSH",
        "FCEDIT",
        "GIT_PROXY_COMMAND",
    }
)
_PROMPTS = frozenset({"PS0", "PS1", "PS2", "PS3", "PS4"})
_STARTUP_FILES = frozenset({"BASH_ENV", "ENV"})
_STDIN_SHELLS = frozenset({"at", "batch"})
_STARTUP_OPTIONS = frozenset({"--rcfile", "--init-file"})
_LOGIN_SHELLS = frozenset({"su", "runuser", "script", "ksu"})
_SHELL_FLAGS = frozenset({"-s", "-i", "--shell", "--login"})
_DECLARATIONS = frozenset({"export", "declare", "local", "readonly", "typeset"})
_ASSIGNMENT = precompiled(r"^([A-Za-z_][A-Za-z0-9_]*)\+?=(.*)$", re.DOTALL)
_PROMPT_EXPANSION = precompiled(r"@P\}")


class _Walker:
    __slots__ = ("budget", "code", "invocations")

    def __init__(self, budget: AnalysisBudget) -> None:
        self.budget = budget
        self.invocations: list[Invocation] = []
        self.code: list[Code] = []

    # ---- scripts -------------------------------------------------------------------------

    def script(self, text: str, scope: Scope) -> None:
        nesting_limit(scope.depth)
        parsed = read_script(text, self.budget)
        inner = Scope(
            scope.definitions.child(parsed), scope.depth, scope.via, scope.stdin, scope.appends
        )
        for command in parsed.commands:
            self.command(Context(parsed, command, inner))

    def substitutions(self, text: str, scope: Scope) -> None:
        nesting_limit(scope.depth)
        parsed = read_substitutions(text, self.budget)
        inner = Scope(scope.definitions.child(parsed), scope.depth, scope.via)
        for command in parsed.commands:
            self.command(Context(parsed, command, inner))

    def unknown(self, why: str, via: str, command: SimpleCommand | None = None) -> None:
        written = (command.text,) if command is not None else ()
        self.invocations.append(Invocation(written, (), why, via, command))

    # ---- one simple command --------------------------------------------------------------

    def command(self, context: Context) -> None:
        command, scope = context.command, context.scope
        words = list(command.words)
        if any(_PROMPT_EXPANSION.search(word) for word in words):
            # ``${x@P}`` expands the value as a prompt: the ``$(…)`` it holds runs.
            self.unknown(
                "a ${…@P} prompt expansion runs the commands held in a variable", scope.via, command
            )
        for word in words:
            match = _ASSIGNMENT.match(word)
            if match is None:
                break
            self.assignment(match.group(1), match.group(2), scope)
        first = drop_prefix_noise(words)
        for word in words[: len(words) - len(first)]:
            name, _, value = word.partition("=")
            if name in _STARTUP_FILES and value:  # ``BASH_ENV=/dev/stdin bash -c :``
                self.program_from("shell", file_input(value, context, self.budget), name, context)
        if not first:
            return
        if first[0] in _DECLARATIONS:
            for word in first[1:]:
                match = _ASSIGNMENT.match(word)
                if match is not None:
                    self.assignment(match.group(1), match.group(2), scope)
        written = (_collapse(command.text), " ".join(command.words))
        if _plain(first[0], scope.definitions):  # most commands: nothing inside to follow
            plain = tuple(first)
            resolved = substitute_arguments(plain, scope.definitions.variables)
            stage = Stage(plain, scope.appends, resolved)
            self.invocations.append(Invocation(written, (stage,), "", scope.via, command))
            return
        stages: list[Stage] = []
        queue: list[tuple[list[str], bool]] = [(first, scope.appends)]
        while queue:
            current, open_args = queue.pop()
            if len(stages) >= MAX_STAGES:
                raise AnalysisLimit(f"a command has more than {MAX_STAGES} wrappers")
            expanded, unknowable = expand_command(current, scope.definitions)
            if unknowable:
                self.unknown(
                    f"the command name {current[0]} is only known when the script runs",
                    scope.via,
                    command,
                )
                stages.append(Stage(tuple(current), open_args))
                continue
            for words_now in expanded:
                as_tuple = tuple(words_now)
                resolved = substitute_arguments(as_tuple, scope.definitions.variables)
                stages.append(Stage(as_tuple, open_args, resolved))
                here = Context(context.script, command, scope.with_appends(open_args))
                self.runs(words_now, here)
                peeled = peel(words_now)
                if peeled is None:
                    continue
                via = _via(scope.via, basename(words_now[0]))
                if peeled.unknown:
                    self.unknown(peeled.unknown, scope.via, command)
                if not peeled.commands and not peeled.scripts and _shell_on_stdin(words_now):
                    self.source("shell", Source(STDIN), basename(words_now[0]), here)
                for script_text in peeled.scripts:
                    self.script(script_text, scope.inner(via, scope.stdin, peeled.appends))
                for inner in peeled.commands:
                    inner_words = drop_prefix_noise(list(inner))
                    if inner_words:
                        queue.append((inner_words, open_args or peeled.appends))
        self.invocations.append(Invocation(written, tuple(stages), "", scope.via, command))

    def assignment(self, name: str, value: str, scope: Scope) -> None:
        """``GIT_SSH_COMMAND=…``, ``PS4='$(…)'``, ``BASH_ENV=…`` hold things that run."""
        via = _via(scope.via, name)
        if name in COMMAND_VARIABLES and value:
            self.script(value.lstrip("|"), scope.inner(via))
        elif name in _PROMPTS and ("$" in value or "`" in value):
            self.substitutions(value, scope.inner(via))
        elif "[" in value and ("$(" in value or "`" in value):
            # ``x='a[$(cmd)]'``: any arithmetic use of x (``$((x))``, ``((x))``, ``[[ x -eq 1 ]]``,
            # ``let``) evaluates the subscript and runs cmd — the commands are followed as if run.
            self.substitutions(value, scope.inner(via))

    # ---- what one command runs -----------------------------------------------------------

    def runs(self, words: list[str], context: Context) -> None:
        scope = context.scope
        name = basename(words[0])
        via = _via(scope.via, name)
        if name in SHELLS:
            self.source("shell", shell_source(words), name, context)
            for startup in option_values(words[1:], _STARTUP_OPTIONS):
                self.program_from("shell", file_input(startup, context, self.budget), name, context)
        elif name in _STDIN_SHELLS and "-f" not in words:
            self.source("shell", Source(STDIN), name, context)
        elif name == "eval" and len(words) > 1:
            self.script(" ".join(words[1:]), scope.inner(via, scope.stdin))
        elif name in {"source", "."} and len(words) > 1:
            self.source("shell", _operand(words[1]), name, context)
        else:
            found = interpreter_source(words)
            if found is not None:
                self.source(found[0], found[1], name, context)
        if name == "ssh" and not ssh_remote_command(words[1:]):
            self.source("shell", Source(STDIN), name, context)  # a login shell reads stdin
        ran = commands_run_by(words)
        for script_text in ran.scripts:
            self.script(script_text, scope.inner(via))
        for script_text in ran.fed:
            self.script(script_text, scope.inner(via, Input(why=f"what {name} writes to it")))
        for script_text in ran.appended:
            self.script(script_text, scope.inner(via, appends=True))
        for language, text in ran.code:
            self.code.append(Code(language, text, via))
        for why in ran.unknown:
            self.unknown(why, scope.via, context.command)

    def source(self, language: str, source: Source, name: str, context: Context) -> None:
        """Run the program a shell or interpreter gets from ``source``."""
        scope = context.scope
        if source.kind == INLINE:
            if not source.text and scope.appends:
                self.unknown(
                    f"{name} gets its program from arguments added at run time",
                    scope.via,
                    context.command,
                )
            else:
                stdin = stdin_of(context, self.budget) if language == "shell" else NOTHING
                self.program(language, source.text, _via(scope.via, name), context, stdin)
        elif source.kind == STDIN:
            self.program_from(language, stdin_of(context, self.budget), name, context)
        elif source.kind == FILE:
            given = file_input(source.text, context, self.budget)
            self.program_from(language, given, name, context)
        elif source.kind == MODULE and scope.appends and not source.text:
            self.unknown(f"{name} runs a module named at run time", scope.via, context.command)

    def program_from(self, language: str, given: Input, name: str, context: Context) -> None:
        if given.text is not None:
            if given.text:
                via = _via(context.scope.via, f"piped into {name}")
                self.program(language, given.text, via, context)
        elif not given.file:
            self.unknown(
                f"{name} runs a program it reads from {given.why}",
                context.scope.via,
                context.command,
            )

    def program(
        self, language: str, text: str, via: str, context: Context, stdin: Input = NOTHING
    ) -> None:
        if language == "shell":
            self.script(text, context.scope.inner(via, stdin))
        else:
            self.code.append(Code(language, text, via))


@functools.cache
def _followed_names() -> frozenset[str]:
    """Program names whose arguments, options or input the walk has to look into."""
    from domain.shell import runners
    from domain.shell.runner_table import RUNNER_NAMES, SUBCOMMAND_PROGRAMS

    return frozenset(
        SHELLS
        | _STDIN_SHELLS
        | RUNNER_NAMES
        | SUBCOMMAND_PROGRAMS
        | runners.FOLLOWED
        | {"eval", "source", ".", "ssh"}
    )


def _plain(word: str, definitions: Definitions) -> bool:
    """A command word that is nothing but a program the walk need not look into."""
    if word in definitions.names or is_run_time(word):
        return False
    name = basename(word)
    return name not in _followed_names() and interpreter_of(name) is None


def _shell_on_stdin(words: list[str]) -> bool:
    """``su``, ``script``, ``sudo -s``, ``ssh host`` without a command start a shell that
    reads its commands from stdin."""
    name = basename(words[0])
    if name in _LOGIN_SHELLS:
        return True
    if name in {"sudo", "doas"}:
        return any(
            w in _SHELL_FLAGS or (w[:1] == "-" and w[1:2] != "-" and ("s" in w or "i" in w))
            for w in words[1:]
        )
    return False


def _operand(word: str) -> Source:
    if word in {"/dev/stdin", "-"} or fd_of(word) == "0":
        return Source(STDIN)
    return Source(FILE, word)


def _via(outer: str, name: str) -> str:
    return f"{outer} → {name}" if outer else name


def _collapse(text: str) -> str:
    return " ".join(text.split())


def analyse(text: str, budget: AnalysisBudget | None = None) -> Analysis:
    """Every command and piece of code ``text`` would run; ``AnalysisLimit`` past a limit."""
    if budget is None:
        if len(text) > MAX_TEXT_CHARS:  # refused before a 10 MB text is hashed for the cache
            AnalysisBudget().charge(text)
        return _analyse_cached(text)
    walker = _Walker(budget)
    walker.script(text, Scope(Definitions({}, {})))
    return Analysis(tuple(walker.invocations), tuple(walker.code))


@functools.lru_cache(maxsize=8)
def _analyse_cached(text: str) -> Analysis:
    """Routing and the permission check read the same command line in one hook run."""
    return analyse(text, AnalysisBudget())
