"""Programs that run another program given in their arguments, and how to find it.

``sudo -u x env -iS'nice -n 5 rm' -rf /`` runs ``rm -rf /``. Each runner's options are read the
way ``getopt`` reads them — clusters (``-lc``), values attached or separate (``-n5``,
``-n 5``, ``--user=x``, ``--user x``) — from a table of the options that take a value. An option
the table does not know could take a value or not: both readings are kept, so a wrong guess
never hides the command (fail closed).
"""

from __future__ import annotations

from domain.hooks.value import Value
from domain.precompiled import precompiled
from domain.shell.reader import split_words
from domain.shell.runner_table import RUNNER_NAMES, SUBCOMMAND_PROGRAMS, Runner, tables

ASSIGNMENT = precompiled(r"^[A-Za-z_][A-Za-z0-9_]*(\[[^\]]*\])?\+?=")
RUNTIME_INPUT = "${RUNTIME_INPUT}"  # stands for arguments only known when the command runs
MAX_ALTERNATIVES = 8


def basename(word: str) -> str:
    return word.rsplit("/", 1)[-1]


def drop_prefix_noise(words: list[str]) -> list[str]:
    """Leading ``VAR=value`` assignments (the reader keeps redirections apart already), and a
    ``{``/``!`` a wrapper was given (``env A=1 { cmd``: read as ``cmd``, failing closed)."""
    i = 0
    while i < len(words) and (ASSIGNMENT.match(words[i]) or words[i] in {"{", "!"}):
        i += 1
    return words[i:] if i else words


class Peeled(Value):
    """What a runner word leads to: the command(s) it runs — one, or several readings when an
    option is unknown — scripts given as option values, and whether arguments are added at run
    time."""

    __slots__ = ("appends", "commands", "scripts", "unknown")
    commands: tuple[tuple[str, ...], ...]
    scripts: tuple[str, ...]
    appends: bool
    unknown: str  # what it runs that cannot be read (``… | parallel``: commands from input)

    def __init__(
        self,
        commands: tuple[tuple[str, ...], ...],
        scripts: tuple[str, ...] = (),
        appends: bool = False,
        unknown: str = "",
    ) -> None:
        self._init(commands=commands, scripts=scripts, appends=appends, unknown=unknown)


def runner_of(words: list[str]) -> tuple[Runner, int] | None:
    """The runner ``words`` start with and how many words name it (2 for ``uv run``)."""
    if not words:
        return None
    name = basename(words[0])
    if name not in RUNNER_NAMES and name not in SUBCOMMAND_PROGRAMS:
        return None
    runners, subcommand_runners = tables()
    if len(words) > 1:
        sub = subcommand_runners.get((name, words[1]))
        if sub is not None:
            return sub, 2
    runner = runners.get(name)
    if runner is None:
        return None
    if name == "command" and any(w in {"-v", "-V"} for w in words[1:3]):
        return None  # ``command -v x`` only looks a name up
    return runner, 1


def peel(words: list[str]) -> Peeled | None:
    """The command(s) inside a runner, or ``None`` when ``words`` do not start with one."""
    found = runner_of(words)
    if found is None:
        return None
    runner, skip = found
    name = basename(words[0])
    args = words[skip:]
    scripts = _scripts_anywhere(args, runner) if runner.permute else []
    commands: list[tuple[str, ...]] = []
    unknown = ""
    readings = [(args, [], "")] if runner.verbatim else _readings(args, runner)
    for rest, reading_scripts, replace in readings:
        scripts.extend(s for s in reading_scripts if s not in scripts)
        if not runner.command:
            continue
        if name == "env":
            rest = drop_prefix_noise(rest)
        elif name == "capsh":
            rest = ["bash", *rest]  # ``capsh -- -c cmd`` passes its arguments to bash
        if replace:
            rest = [w.replace(replace, RUNTIME_INPUT) for w in rest]
        if runner.joined:
            command_words, inputs = _until_separator(rest)
            if command_words:
                scripts.append(" ".join(_placeholders(command_words)))
            elif inputs:  # ``parallel ::: 'cmd a' 'cmd b'``: the inputs are the commands
                scripts.extend(inputs)
            elif runner.appends:
                unknown = f"{name} runs the commands it reads from its input"
            continue
        if rest and tuple(rest) not in commands:
            commands.append(tuple(rest))
    return Peeled(tuple(commands), tuple(scripts), runner.appends, unknown)


_PARALLEL_PLACEHOLDER = precompiled(r"\{(?:\d*(?:\.|/|//|/\.)?|#|%)\}")


def innermost(words: tuple[str, ...] | list[str], limit: int = 64) -> tuple[str, ...]:
    """The command ``words`` run once wrappers are peeled (``sudo -u x env A=1 nice cmd`` →
    ``cmd``), taking the first reading of each; the words themselves when none is a wrapper."""
    current = drop_prefix_noise(list(words))
    for _ in range(limit):
        peeled = peel(current)
        if peeled is None or not peeled.commands:
            break
        current = drop_prefix_noise(list(peeled.commands[0]))
    return tuple(current)


def _until_separator(words: list[str]) -> tuple[list[str], list[str]]:
    """``parallel cmd ::: a b`` — the command, and the inputs after a ``:::``-style separator."""
    for i, word in enumerate(words):
        if word in {":::", "::::", ":::+", "::::+"}:
            return words[:i], [w for w in words[i + 1 :] if not w.startswith(":::")]
    return words, []


def _placeholders(words: list[str]) -> list[str]:
    """``{}``, ``{.}``, ``{/}``, ``{1}`` … are replaced by input when the command runs."""
    return [_PARALLEL_PLACEHOLDER.sub(RUNTIME_INPUT, w) for w in words]


_Reading = tuple[list[str], list[str], str]  # (the command's words, scripts, replace string)


def _readings(words: list[str], runner: Runner) -> list[_Reading]:
    """Every way of reading ``words`` as options then the command (usually exactly one)."""
    out: list[_Reading] = []
    pending: list[tuple[int, int, list[str], str]] = [(0, runner.operands, [], "")]
    while pending:
        i, operands, scripts, replace = pending.pop()
        reading = _read(
            words, i, runner, pending, operands=operands, scripts=scripts, replace=replace
        )
        out.append(reading)
    return out


def _read(
    words: list[str],
    i: int,
    runner: Runner,
    pending: list[tuple[int, int, list[str], str]],
    *,
    operands: int,
    scripts: list[str],
    replace: str,
) -> _Reading:
    """One reading from ``i``; an unknown long option queues the reading where it takes a
    value (at most ``MAX_ALTERNATIVES`` readings in all)."""
    while i < len(words):
        word = words[i]
        if word == "--":
            return words[i + 1 :], scripts, replace
        if word.startswith("-") and word[1:].isdigit():
            i += 1  # ``nice -5``
            continue
        if not word.startswith("-") or word == "-":
            if operands > 0:
                operands -= 1
                i += 1
                continue
            return words[i:], scripts, replace
        if word.startswith("--"):
            name, eq, value = word.partition("=")
            given = value if eq else _at(words, i + 1)
            step = 1 if eq else 2
            if name in runner.split:  # the split words are read as options again
                words, i = split_words(given) + words[i + step :], 0
                continue
            if name in runner.scripts:
                scripts, i = [*scripts, given], i + step
            elif name in runner.long_values:
                i += 1 if eq else 1 + runner.long_values[name]
            elif name == "--replace" and runner.appends:
                replace, i = (value if eq else "{}"), i + 1
            elif eq or name in runner.known:
                i += 1
            else:
                if len(pending) < MAX_ALTERNATIVES:
                    pending.append((i + 2, operands, scripts, replace))  # it took a value
                i += 1
            continue
        for j in range(1, len(word)):  # a cluster: -abc, -n5, -iS'cmd'
            letter, attached = word[j], word[j + 1 :]
            given = attached or _at(words, i + 1)
            step = 1 if attached else 2
            if "-" + letter in runner.split:
                words, i = split_words(given) + words[i + step :], 0
                break
            if "-" + letter in runner.scripts:
                scripts = [*scripts, given]
                i += step
                break
            if letter in runner.short_values:
                if letter == "I" and runner.appends:
                    replace = given
                i += step
                break
            if letter in runner.optional:
                if letter == "i" and runner.appends:
                    replace = attached or "{}"
                i += 1
                break
        else:
            i += 1
    return [], scripts, replace


def _scripts_anywhere(words: list[str], runner: Runner) -> list[str]:
    """Script options of a runner whose options may follow its operands (``su root -c x``)."""
    found: list[str] = []
    for i, word in enumerate(words):
        if word.startswith("--"):
            name, eq, value = word.partition("=")
            if name in runner.scripts:
                found.append(value if eq else _at(words, i + 1))
        elif word.startswith("-") and len(word) > 1:
            for j in range(1, len(word)):
                letter = word[j]
                if "-" + letter in runner.scripts:
                    found.append(word[j + 1 :] or _at(words, i + 1))
                    break
                if letter in runner.short_values:
                    break
    return found


def _at(words: list[str], i: int) -> str:
    return words[i] if i < len(words) else ""
