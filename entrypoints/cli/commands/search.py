"""``capy search``: query the project's knowledge base from a terminal."""

from __future__ import annotations

from typing import Annotated

from cyclopts import Parameter

from entrypoints.cli.app import app
from entrypoints.cli.search_run import run_search


@app.command
def search(
    *queries: Annotated[
        str, Parameter(help="One or more queries; quote a query of several words.")
    ],
    limit: Annotated[int, Parameter(help="Results per query (1–100).")] = 3,
    source: Annotated[
        str | None, Parameter(help="Only sources whose label contains this text.")
    ] = None,
    kinds: Annotated[
        str | None,
        Parameter(help="Comma-separated source kinds: durable, ephemeral, session."),
    ] = None,
    all_kinds: Annotated[
        bool, Parameter(name="--all-kinds", negative=(), help="Search every kind of source.")
    ] = False,
    as_json: Annotated[
        bool, Parameter(name="--json", negative=(), help="Print JSON instead of text.")
    ] = False,
) -> int:
    """Search the knowledge base and show the sections that match best.

    By default durable and session sources are searched (ephemeral tool output is left out
    unless --kinds, --all-kinds or --source asks for it); when what was left out matches too,
    the answer says so and names it. With no result it names the query's words that no
    indexed section holds. Write each query in quotes when it
    has several words: `capy search "connection refused" "pool size"`.

    With --json, one query prints one object
    {"query": ..., "results": [{"rank", "source", "kind", "title", "content", "snippet",
    "score", "layer"}]}; several queries print a JSON array of such objects, in order.
    """
    return run_search(
        queries, limit=limit, source=source, kinds=kinds, all_kinds=all_kinds, as_json=as_json
    )
