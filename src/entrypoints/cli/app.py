"""The cyclopts root application: global options, then one sub-module per command group.

Every module in ``entrypoints.cli.commands`` registers its commands on ``app`` when imported.
"""

from __future__ import annotations

import importlib
import pkgutil
from importlib.metadata import version as package_version
from pathlib import Path
from typing import Annotated, Any

from cyclopts import App, Parameter

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
    """Run the CLI and exit with the command's exit code."""
    _load_commands()
    app.meta(argv)


def invoke(argv: list[str]) -> Any:
    """Run the CLI without exiting (for tests): returns the command's return value."""
    _load_commands()
    return app.meta(argv, result_action="return_value", exit_on_error=False)
