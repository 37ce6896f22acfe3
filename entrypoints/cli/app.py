"""The cyclopts root application: global options, then one sub-module per command group.

Every module in ``entrypoints.cli.commands`` registers its commands on ``app`` when imported.
"""

from __future__ import annotations

import difflib
import importlib
import pkgutil
from collections.abc import Sequence
from pathlib import Path
from typing import Annotated, Any

from cyclopts import (
    App,
    CycloptsError,
    Parameter,
    UnknownCommandError,
    UnknownOptionError,
    UnusedCliTokensError,
)

from entrypoints.cli.failures import fail, run_guarded
from entrypoints.cli.options import GlobalOptions, set_global_options
from entrypoints.version import capy_version

app = App(
    name="capy",
    help=(
        "capy keeps data-heavy tool output out of an AI coding agent's context window: an MCP "
        "server that runs code in a sandbox, indexes large output into an encrypted full-text "
        "knowledge base and returns only what matches the agent's intent."
    ),
    version=capy_version,
)


@app.meta.default
def _launcher(
    *tokens: Annotated[str, Parameter(show=False, allow_leading_hyphen=True)],
    db: Annotated[
        Path | None,
        Parameter(help="Knowledge database file to use; overrides store.path and the default."),
    ] = None,
    project_dir: Annotated[
        Path | None,
        Parameter(help="Project root; default: CLAUDE_PROJECT_DIR, the git top level, or cwd."),
    ] = None,
) -> Any:
    set_global_options(GlobalOptions(db=db, project_dir=project_dir))
    return app(tokens, result_action="return_value", exit_on_error=False, print_error=False)


def _vault_launcher(
    *tokens: Annotated[str, Parameter(show=False, allow_leading_hyphen=True)],
    db: Annotated[Path | None, Parameter(show=False)] = None,
    project_dir: Annotated[
        Path | None,
        Parameter(help="Project root; default: CLAUDE_PROJECT_DIR, the git top level, or cwd."),
    ] = None,
) -> Any:
    """``capy vault …``: the vault is one file of its own, so its help does not offer --db."""
    if db is not None:
        from domain.errors import InvalidInput

        raise InvalidInput(
            "`capy vault` does not use --db (that names a knowledge base file)",
            "to use another vault file, set CAPY_VAULT_PATH",
        )
    return _launcher(*tokens, project_dir=project_dir)


def _choose_launcher(argv: list[str]) -> None:
    """The vault's launcher when the command is ``vault`` (found past the global options)."""
    from entrypoints.secret_handoff import command_of

    vault = command_of(argv) == "vault"
    app.meta.default_command = _vault_launcher if vault else _launcher


# Command modules whose names differ from the command they register (or that add to another's).
_MODULES_OF_COMMAND = {
    "import-kb": ("import_kb",),
    "bench": ("bench", "bench_sessions", "bench_vault", "bench_vault_ops"),
}


def _load_commands(argv: list[str]) -> None:
    """Register the commands the command line names, so each command imports only its own
    modules: ``capy vault list`` does not pay for the benchmark's or the server's imports, and
    the long-lived server process does not hold every other command's modules (~8 MB of its
    80 MB budget). ``capy --help``, a mistyped command or none known loads them all."""
    from entrypoints.cli import commands
    from entrypoints.secret_handoff import command_of, is_serve

    available = [m.name for m in pkgutil.iter_modules(commands.__path__)]
    command = command_of(argv)
    names = ["serve"] if is_serve(argv) else _MODULES_OF_COMMAND.get(command or "", (command,))
    if not all(name in available for name in names):
        names = available
    for name in names:
        importlib.import_module(f"{commands.__name__}.{name}")


def run(argv: list[str]) -> None:
    """Run the CLI and exit with the command's exit code; failures end as
    ``entrypoints.cli.failures`` says, a mistyped command line with exit code 2."""
    _load_commands(argv)
    _choose_launcher(argv)
    run_guarded(lambda: _parse_and_run(argv))


def _parse_and_run(argv: list[str]) -> None:
    try:
        app.meta(argv, exit_on_error=False, print_error=False)
    except CycloptsError as exc:
        fail(_usage_error(exc), code=2)


def _usage_error(error: CycloptsError) -> str:
    """A mistyped command line as one line naming the help that shows the right spelling."""
    chain = " ".join(error.command_chain or ())
    where = f"capy {chain}".strip()
    if isinstance(error, UnknownCommandError) and error.unused_tokens:
        first = error.unused_tokens[0]
        what = "option" if first.startswith("-") else "command"
        guess = _did_you_mean(str(error))
        return f"unknown {what} '{first}'{guess} — run `{where} --help` to see the commands"
    if isinstance(error, UnusedCliTokensError) and error.unused_tokens:
        first = error.unused_tokens[0]
        if not chain:
            return f"unknown command '{first}' — run `capy --help` to see the commands"
        commands = _commands_of(error.command_chain or ())
        if commands and not first.startswith("-"):
            close = difflib.get_close_matches(first, commands, n=1, cutoff=0.6)
            guess = f'; did you mean "{close[0]}"?' if close else ""
            return f"unknown command '{first}'{guess} — run `{where} --help` to see the commands"
        extra = " ".join(error.unused_tokens)
        return f"capy {chain} takes no argument '{extra}' — run `capy {chain} --help`"
    message = str(error).strip().rstrip(".")
    if isinstance(error, UnknownOptionError) and "Did you mean" not in message:
        message += _option_hint(error, where)
    return f"{message} — run `{where} --help`"


def _commands_of(chain: Sequence[str]) -> list[str]:
    """The commands of the group ``chain`` names (none when it names a single command)."""
    group = app
    try:
        for name in chain:
            group = group[name]
    except KeyError:
        return []
    return [name for name in group if not name.startswith("-")]


def _did_you_mean(message: str) -> str:
    start = message.find("Did you mean")
    return "; " + message[start:].split("?", maxsplit=1)[0].lower() + "?" if start >= 0 else ""


def _option_hint(error: UnknownOptionError, where: str) -> str:
    """What a near miss difflib does not see meant: ``--dryrun`` for ``--dry-run``, and
    ``--dry-run`` where a command only previews unless given ``--force``."""
    typed = (error.token.keyword or error.token.value).split("=", 1)[0]
    names = [name for argument in error.argument_collection for name in argument.names]

    def squashed(name: str) -> str:
        return name.lstrip("-").replace("-", "").replace("_", "").lower()

    for name in names:
        if name.startswith("--") and squashed(name) == squashed(typed):
            return f". Did you mean {name}?"
    if squashed(typed) in ("dryrun", "dry", "preview") and "--force" in names:
        return f". {where} is a dry run already: it only reports unless given --force"
    return ""


def invoke(argv: list[str]) -> Any:
    """Run the CLI without exiting (for tests): returns the command's return value."""
    _load_commands(argv)
    _choose_launcher(argv)
    return app.meta(argv, result_action="return_value", exit_on_error=False)
