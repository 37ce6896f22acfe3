"""The cyclopts root application: global options, then one sub-module per command group.

Every module in ``entrypoints.cli.commands`` registers its commands on ``app`` when imported.
"""

from __future__ import annotations

import difflib
import errno
import importlib
import logging
import os
import pkgutil
import sys
import traceback
from collections.abc import Sequence
from pathlib import Path
from typing import Annotated, Any, NoReturn

from cyclopts import (
    App,
    CycloptsError,
    Parameter,
    UnknownCommandError,
    UnknownOptionError,
    UnusedCliTokensError,
)

from domain.errors import CapyError
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
    """Run the CLI and exit with the command's exit code.

    A ``CapyError`` becomes one line on stderr (what went wrong — what to do next) and exit code
    1; any other exception one line asking for a bug report and exit code 1 (``CAPY_DEBUG=1``
    adds the traceback). Nobody should have to read a traceback to learn what to fix.
    """
    _load_commands(argv)
    _choose_launcher(argv)
    _show_warnings_as_capy_lines()
    try:
        app.meta(argv, exit_on_error=False, print_error=False)
    except CapyError as exc:
        _fail(str(exc))
    except CycloptsError as exc:
        _fail(_usage_error(exc), code=2)
    except KeyboardInterrupt:
        _fail("interrupted", code=130)
    except BrokenPipeError:
        _reader_went_away()
    except Exception as exc:
        if os.environ.get("CAPY_DEBUG", "") not in ("", "0"):
            traceback.print_exc()
        if (reason := _environment_failure(exc)) is not None:
            _fail(reason)
        _fail(
            f"unexpected error ({type(exc).__name__}: {exc}) — this is a bug in capy; please "
            "report it with the command you ran (CAPY_DEBUG=1 shows the traceback)"
        )


def _environment_failure(exc: BaseException) -> str | None:
    """A full disk or a path that is not what capy expects, said as such (not as a bug)."""
    text = str(exc)
    full = isinstance(exc, OSError) and exc.errno in (errno.ENOSPC, errno.EDQUOT)
    if full or "database or disk is full" in text:
        where = f" ({exc.filename})" if isinstance(exc, OSError) and exc.filename else ""
        return (
            f"the disk is full{where}: the command stopped and wrote nothing more; what was "
            "stored before is intact — free some space (df -h shows where) and run it again"
        )
    if isinstance(exc, (IsADirectoryError, NotADirectoryError, PermissionError)):
        return (
            f"cannot use {exc.filename or 'a file'}: {exc.strerror} — check that path (a folder "
            "where a file belongs, or a file you do not own) and run the command again"
        )
    return None


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


def _show_warnings_as_capy_lines() -> None:
    """capy's own warnings (a damaged database moved aside, …) read like its other messages."""
    logger = logging.getLogger("capy")
    if not any(isinstance(handler, _CapyLines) for handler in logger.handlers):
        logger.addHandler(_CapyLines(logging.WARNING))


class _CapyLines(logging.Handler):
    """Writes to whatever ``sys.stderr`` is at the time, as a ``capy: …`` line."""

    def emit(self, record: logging.LogRecord) -> None:
        try:
            print(f"capy: {record.getMessage()}", file=sys.stderr, flush=True)
        except Exception:
            self.handleError(record)


def _reader_went_away() -> NoReturn:
    """``capy search … | head`` closed the pipe: stop quietly, as git and coreutils do."""
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, sys.stdout.fileno())  # the final flush at exit must not fail again
    sys.exit(141)  # 128 + SIGPIPE


def _fail(message: str, code: int = 1) -> NoReturn:
    print(f"capy: {' '.join(message.split())}", file=sys.stderr)
    sys.exit(code)


def invoke(argv: list[str]) -> Any:
    """Run the CLI without exiting (for tests): returns the command's return value."""
    _load_commands(argv)
    _choose_launcher(argv)
    return app.meta(argv, result_action="return_value", exit_on_error=False)
