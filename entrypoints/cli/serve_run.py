"""What ``capy serve`` does, importable without the CLI framework.

The server runs all day beside an agent: reaching it through cyclopts would keep cyclopts and
the terminal library resident (~2 MB) for nothing, so the quick path calls this directly and
the cyclopts command is a thin wrapper around it (ADR 0196).
"""

from __future__ import annotations

import sys

from entrypoints.cli.options import global_options
from entrypoints.containers.runtime import RuntimeOptions


def run_serve() -> int:
    """Run capy's MCP server on stdio with the global options already set."""
    from entrypoints.mcp_server.main import serve as run_server

    if sys.stdin is not None and sys.stdin.isatty():  # a person typed `capy`, not a client
        print(
            "capy: this is capy's MCP server, which an MCP client (Claude Code, Codex, …) starts "
            "and talks to over stdin; Ctrl-D stops it, `capy --help` lists the commands",
            file=sys.stderr,
            flush=True,
        )
    options = global_options()
    code = run_server(RuntimeOptions(db=options.db, project_dir=options.project_dir))
    sys.stdout.flush()
    return code
