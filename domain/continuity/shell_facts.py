"""What a shell command line tells about a session: git operations, the environment it set
up, files it printed, and the key that ties a failing command to the run that later passed."""

from __future__ import annotations

from domain.hooks.value import Value
from domain.shell.limits import AnalysisBudget, AnalysisLimit
from domain.shell.programs import basename, innermost
from domain.shell.reader import read_script

# A command line longer than this is scanned only this far: facts sit at the start, and the
# hook's time must not grow with a pasted script.
MAX_SCANNED = 8_192

_NOT_THE_WORK = frozenset(
    {"cd", "pushd", "popd", "export", "source", ".", "set", "unset", "true", ":", "echo", "printf"}
)
# ``<runner> <tool> …`` runs ``<tool>``: the key names the tool.
_RUNNERS = {
    "uv": ("run",),
    "poetry": ("run",),
    "pipenv": ("run",),
    "pdm": ("run",),
    "hatch": ("run",),
    "pnpm": ("exec", "dlx"),
    "npx": (),
    "bunx": (),
}
_PYTHONS = frozenset({"python", "python3"})
_PRINTERS = frozenset({"cat", "head", "tail", "less", "more", "bat", "nl"})

_GIT_GLOBAL_WITH_VALUE = frozenset({"-C", "-c", "--git-dir", "--work-tree", "--namespace"})
_GIT_READ_ONLY = frozenset(
    {
        "status",
        "log",
        "diff",
        "show",
        "blame",
        "grep",
        "ls-files",
        "rev-parse",
        "describe",
        "shortlog",
        "reflog",
        "config",
        "remote",
        "help",
        "version",
        "fetch",
        "bisect",
    }
)


class SimpleCommand(Value):
    """A command of the line as the shell reader reads it: the program (basename, wrappers such
    as ``sudo``/``env``/``timeout`` peeled) and its arguments, redirections apart."""

    __slots__ = ("arguments", "program", "words")
    program: str
    arguments: tuple[str, ...]
    words: tuple[str, ...]

    def __init__(self, program: str, arguments: tuple[str, ...], words: tuple[str, ...]) -> None:
        self._init(program=program, arguments=arguments, words=words)


def scanned_commands(command_line: str) -> list[SimpleCommand]:
    """Every simple command of the line's first ``MAX_SCANNED`` characters (``domain.shell``:
    the same reading routing and the permission rules get)."""
    # The cut bounds the work; the permission check's counts would drop a pasted script of
    # 2,000 ``echo x;`` whole (a command or a word takes at least two characters).
    budget = AnalysisBudget(max_commands=MAX_SCANNED, max_words=MAX_SCANNED)
    try:
        script = read_script(command_line[:MAX_SCANNED], budget)
    except AnalysisLimit:
        return []
    except Exception:  # a reader bug must never cost the host anything
        return []
    found: list[SimpleCommand] = []
    for command in script.commands:
        inner = innermost(command.words)
        program = basename(inner[0]) if inner else ""
        found.append(SimpleCommand(program, inner[1:], command.words))
    return found


def _operands(words: tuple[str, ...]) -> list[str]:
    return [word for word in words if not word.startswith("-")]


def command_key(command_line: str) -> str:
    """``pytest tests/test_auth.py`` for ``cd x && .venv/bin/python -m pytest -q
    tests/test_auth.py::test_login``: the program and its first two operands."""
    for command in scanned_commands(command_line):
        program = command.program
        if not program or program in _NOT_THE_WORK:
            continue
        arguments = list(command.arguments)
        if program in _PYTHONS and len(arguments) >= 2 and arguments[0] == "-m":
            program, arguments = arguments[1], arguments[2:]
        elif program in _RUNNERS:
            program, arguments = _run_by(program, arguments)
        operands = [w.split("::", 1)[0].rstrip("/") or w for w in _operands(tuple(arguments))]
        return " ".join([program, *operands[:2]])
    return ""


def _run_by(runner: str, arguments: list[str]) -> tuple[str, list[str]]:
    """``uv run pytest -q`` runs ``pytest``; ``uv sync`` is uv's own work."""
    verbs = _RUNNERS[runner]
    if verbs:
        if not arguments or arguments[0] not in verbs:
            return runner, arguments
        arguments = arguments[1:]
    for index, word in enumerate(arguments):
        if not word.startswith("-"):
            return word.rsplit("/", 1)[-1], arguments[index + 1 :]
    return runner, arguments


def git_operations(commands: list[SimpleCommand]) -> list[tuple[str, str]]:
    """``(key, plain words)`` for each git command that changed something."""
    found: list[tuple[str, str]] = []
    for command in commands:
        if command.program != "git":
            continue
        words = list(command.arguments)
        while words and words[0].startswith("-"):
            option = words.pop(0)
            if option in _GIT_GLOBAL_WITH_VALUE and words:
                words.pop(0)
        if not words or words[0] in _GIT_READ_ONLY:
            continue
        described = _describe_git(words[0], words[1:])
        if described:
            found.append((f"{words[0]} {described}", described))
    return found


def _describe_git(sub: str, rest: list[str]) -> str:
    operands = _operands(tuple(rest))
    if sub == "commit":
        message = _option_value(rest, ("-m", "--message")) or _bundled_message(rest)
        amend = " (amended)" if "--amend" in rest else ""
        return f"committed{amend}: {message.splitlines()[0]}" if message else f"committed{amend}"
    if sub in {"checkout", "switch"}:
        created = _option_value(rest, ("-b", "-B", "-c", "-C", "--create"))
        if created:
            return f"created and switched to branch {created}"
        if "--" in rest or (sub == "checkout" and len(operands) > 1):
            return "restored " + " ".join(operands[-3:])
        return f"switched to {operands[0]}" if operands else ""
    if sub == "branch":
        deleted = _option_value(rest, ("-d", "-D", "--delete"))
        if deleted:
            return f"deleted branch {deleted}"
        return f"created branch {operands[0]}" if operands and not rest[0].startswith("-") else ""
    if sub in {"merge", "rebase", "cherry-pick", "revert", "pull", "push", "reset", "restore"}:
        flags = [w for w in rest if w in {"--continue", "--abort", "--hard", "--soft", "-i"}]
        what = " ".join([*flags, *operands[:3]])
        return f"{sub} {what}".strip()
    if sub == "stash":
        return f"stash {operands[0] if operands else 'push'}"
    if sub in {"tag", "worktree", "clone", "init", "am", "apply"}:
        return f"{sub} {' '.join(operands[:3])}".strip()
    return ""


def _bundled_message(words: list[str]) -> str:
    """``git commit -am "msg"``: short flags bundled, the last one ``m`` taking the message."""
    for index, word in enumerate(words):
        bundle = word[1:]
        if word.startswith("-") and bundle.isalpha() and bundle.endswith("m") and len(bundle) > 1:
            return words[index + 1] if index + 1 < len(words) else ""
    return ""


def _option_value(words: list[str], names: tuple[str, ...]) -> str:
    for index, word in enumerate(words):
        for name in names:
            if word == name and index + 1 < len(words):
                return words[index + 1]
            if name.startswith("--") and word.startswith(name + "="):
                return word[len(name) + 1 :]
            if not name.startswith("--") and word.startswith(name) and len(word) > len(name):
                return word[len(name) :]
    return ""


_INSTALLERS = {
    ("pip", "install"): "pip",
    ("pip3", "install"): "pip",
    ("uv", "add"): "uv",
    ("poetry", "add"): "poetry",
    ("pdm", "add"): "pdm",
    ("npm", "install"): "npm",
    ("npm", "i"): "npm",
    ("npm", "add"): "npm",
    ("yarn", "add"): "yarn",
    ("pnpm", "add"): "pnpm",
    ("bun", "add"): "bun",
    ("cargo", "add"): "cargo",
    ("cargo", "install"): "cargo",
    ("go", "get"): "go",
    ("go", "install"): "go",
    ("gem", "install"): "gem",
    ("brew", "install"): "brew",
    ("apt", "install"): "apt",
    ("apt-get", "install"): "apt",
}
_ACTIVATORS = {"conda": "activate", "nvm": "use", "pyenv": "local", "rustup": "default"}


def environment_facts(commands: list[SimpleCommand], project_dir: str) -> list[tuple[str, str]]:
    """``(key, plain words)``: directory changes, activated environments, installed packages,
    variables set (names only — a value may be a secret)."""
    found: list[tuple[str, str]] = []
    for command in commands:
        program, arguments = command.program, list(command.arguments)
        if program == "cd" and arguments:
            target = arguments[0]
            root = project_dir.rstrip("/")
            if root and target.startswith(root + "/"):
                target = target[len(root) + 1 :]
            found.append(("cwd", f"working directory {target}"))
        elif program in {"source", "."} and arguments and arguments[0].endswith("/activate"):
            found.append(("venv", f"virtualenv {arguments[0].rsplit('/bin/activate', 1)[0]}"))
        elif program == "export":
            names = [a.split("=", 1)[0] for a in arguments if a.split("=", 1)[0].isidentifier()]
            found += [(f"export {name}", f"exported {name}") for name in names[:5]]
        elif (
            program in _ACTIVATORS and len(arguments) >= 2 and arguments[0] == _ACTIVATORS[program]
        ):
            found.append((program, f"{program} {arguments[0]} {arguments[1]}"))
        elif program == "uv" and arguments[:2] == ["pip", "install"]:
            _installed(found, "uv pip", arguments[2:])
        elif arguments and (program, arguments[0]) in _INSTALLERS:
            _installed(found, _INSTALLERS[(program, arguments[0])], arguments[1:])
    return found


def _installed(found: list[tuple[str, str]], tool: str, arguments: list[str]) -> None:
    packages = [word for word in _operands(tuple(arguments)) if word != "."][:6]
    if packages or "-r" in arguments or "-e" in arguments:
        named = " ".join(packages) or " ".join(arguments[:3])
        found.append((f"install {tool} {named}", f"installed with {tool}: {named}"))


def printed_files(commands: list[SimpleCommand]) -> list[str]:
    """Files a command printed whole or in part (``cat``, ``head``, ``sed -n``, …)."""
    found: list[str] = []
    for command in commands:
        program = command.program
        operands = _operands(command.arguments)
        if program in _PRINTERS:
            found += [o for o in operands if not o.isdigit()][:4]
        elif program == "sed" and "-n" in command.arguments and len(operands) >= 2:
            found.append(operands[-1])
    return found
