"""``capy serve`` (and bare ``capy``): the MCP server on stdio."""

from __future__ import annotations

from entrypoints.cli.app import app


@app.command
def serve() -> int:
    """Run capy's MCP server on stdio (what an MCP client starts).

    The knowledge base is encrypted and lives in its default place unless ``--db`` or
    ``store.path`` says otherwise; without CAPY_DB_KEY a key is generated on first use.
    Readiness and how to connect a client are printed on stderr; stdout carries only MCP
    protocol messages.
    """
    from entrypoints.cli.serve_run import run_serve

    return run_serve()


app.default(serve)
