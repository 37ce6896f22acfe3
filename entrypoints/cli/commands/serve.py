"""``capy serve`` (and bare ``capy``): the MCP server on stdio."""

from __future__ import annotations

import sys

from entrypoints.cli.app import app
from entrypoints.cli.options import global_options
from entrypoints.containers.runtime import RuntimeOptions


@app.command
def serve() -> int:
    """Run capy's MCP server on stdio (what an MCP client starts).

    The knowledge base is encrypted and lives in its default place unless ``--db`` or
    ``store.path`` says otherwise; without CAPY_DB_KEY a key is generated on first use.
    Readiness and how to connect a client are printed on stderr; stdout carries only MCP
    protocol messages.
    """
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


app.default(serve)
