"""The cyclopts root application: global options, then one sub-module per command group.

Every module in ``entrypoints.cli.commands`` registers its commands on ``app`` when imported.
"""

from __future__ import annotations

import importlib
import logging
import os
import pkgutil
import sys
import traceback
from importlib.metadata import version as package_version
from pathlib import Path
from typing import Annotated, Any, NoReturn

from cyclopts import App, Parameter

from domain.errors import CapyError
from entrypoints.cli.options import GlobalOptions, set_global_options

app = App(
    name="capy",
    help=(
        "capy keeps data-heavy tool output out of an AI coding agent's context window: an MCP "
        "server that runs code in a sandbox, indexes large output into an encrypted full-text "
        "knowledge base and returns only what matches the agent's intent."
    ),
    version=lambda: package_version("capy"),
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
    return app(tokens, result_action="return_value")


def _load_commands() -> None:
    from entrypoints.cli import commands

    for module in pkgutil.iter_modules(commands.__path__):
        importlib.import_module(f"{commands.__name__}.{module.name}")


def run(argv: list[str]) -> None:
    """Run the CLI and exit with the command's exit code.

    A ``CapyError`` becomes one line on stderr (what went wrong — what to do next) and exit code
    1; any other exception one line asking for a bug report and exit code 1 (``CAPY_DEBUG=1``
    adds the traceback). Nobody should have to read a traceback to learn what to fix.
    """
    _load_commands()
    _show_warnings_as_capy_lines()
    try:
        app.meta(argv)
    except CapyError as exc:
        _fail(str(exc))
    except KeyboardInterrupt:
        _fail("interrupted", code=130)
    except Exception as exc:
        if os.environ.get("CAPY_DEBUG", "") not in ("", "0"):
            traceback.print_exc()
        _fail(
            f"unexpected error ({type(exc).__name__}: {exc}) — this is a bug in capy; please "
            "report it with the command you ran (CAPY_DEBUG=1 shows the traceback)"
        )


def _show_warnings_as_capy_lines() -> None:
    """capy's own warnings (a damaged database moved aside, …) read like its other messages."""
    logger = logging.getLogger("capy")
    if logger.handlers:
        return
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(logging.Formatter("capy: %(message)s"))
    logger.addHandler(handler)
    logger.setLevel(logging.WARNING)
    logger.propagate = False


def _fail(message: str, code: int = 1) -> NoReturn:
    print(f"capy: {' '.join(message.split())}", file=sys.stderr)
    sys.exit(code)


def invoke(argv: list[str]) -> Any:
    """Run the CLI without exiting (for tests): returns the command's return value."""
    _load_commands()
    return app.meta(argv, result_action="return_value", exit_on_error=False)
