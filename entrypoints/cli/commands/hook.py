"""``capy hook <event>`` in the CLI's help and behind global options.

The host runs ``capy hook <event>`` directly, which ``entrypoints.main`` dispatches before this
CLI loads (ADR 0020). This command is reached only when global options come first
(``capy --project-dir DIR hook pretooluse``) and so the hook shows up in ``capy --help``.
"""

from __future__ import annotations

from typing import Annotated

from cyclopts import Parameter

from entrypoints.cli.app import app
from entrypoints.cli.options import global_options


@app.command(name="hook")
def hook(
    event: Annotated[
        str,
        Parameter(
            help="pretooluse, posttooluse, posttoolusefailure, precompact, sessionstart, "
            "sessionend or userpromptsubmit (the host's spellings work too)."
        ),
    ],
    *,
    platform: Annotated[
        str,
        Parameter(
            help="claude-code, codex, gemini-cli, cursor or vscode-copilot; detected from the "
            "input when omitted."
        ),
    ] = "",
) -> int:
    """Answer one hook event from the host tool: its JSON on stdin, capy's answer on stdout.

    `capy setup` registers it. It never breaks the host: on bad input it prints nothing and
    exits 0.
    """
    from entrypoints.hook import run_hook

    args = [event]
    if platform:
        args += ["--platform", platform]
    project_dir = global_options().project_dir
    if project_dir is not None:
        args += ["--project-dir", str(project_dir)]
    return run_hook(args)
