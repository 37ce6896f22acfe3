"""``capy sources``: what the knowledge base holds, one source per row."""

from __future__ import annotations

import json
from datetime import datetime
from typing import TYPE_CHECKING, Annotated

from cyclopts import Parameter

from application.use_cases.list_sources import SourceFilter
from domain.fetch.age import format_age
from domain.source import Source
from domain.source_kind import SourceKind, parse_kinds
from entrypoints.cli.app import app
from entrypoints.cli.console import stdout_console
from entrypoints.cli.options import global_options
from entrypoints.cli.sizes import plural
from entrypoints.containers.runtime import RuntimeOptions

if TYPE_CHECKING:
    from rich.console import Console


@app.command
def sources(
    *,
    kinds: Annotated[
        str | None,
        Parameter(
            name=["--kinds", "--kind"],
            help="Only these kinds, comma-separated: durable, ephemeral, session.",
        ),
    ] = None,
    label: Annotated[
        str | None, Parameter(help="Only sources whose label contains this text (any case).")
    ] = None,
    as_json: Annotated[
        bool, Parameter(name="--json", negative=(), help="Print JSON instead of a table.")
    ] = False,
) -> int:
    """List the sources in the knowledge base: label, kind, content type, sections, size,
    when each was indexed and when a search last used it.

    Durable sources come first, then ephemeral tool output, then session transcripts; the
    newest first within each kind. A label is what `capy search --source` and
    `capy cleanup --source` take. With --json: an array of {"label", "kind", "content_type",
    "chunks", "code_chunks", "bytes", "indexed_at", "last_accessed_at" (null when never
    read), "access_count"}.
    """
    wanted = SourceFilter(kinds=parse_kinds(kinds) if kinds is not None else (), label=label or "")
    from entrypoints.containers.applications import CliContainer

    options = global_options()
    container = CliContainer(
        options=RuntimeOptions(db=options.db, project_dir=options.project_dir, read_only=True)
    )
    database = container.core.project().db_path
    if not database.exists():  # a look must not create the file it looks at
        if as_json:
            print("[]")
        else:
            print(f"No knowledge database at {database} yet — nothing indexed in this project.")
        return 0
    try:
        found = container.use_cases.list_sources().execute(wanted)
        now = container.core.clock().now()
    finally:
        container.shutdown_resources()
    if as_json:
        print(json.dumps([_as_json(s) for s in found], ensure_ascii=False, indent=2))
    else:
        _print_table(found, now, filtered=bool(kinds or label))
    return 0


def _as_json(source: Source) -> dict[str, object]:
    return {
        "label": source.label,
        "kind": source.kind.value,
        "content_type": source.content_type.value,
        "chunks": source.chunk_count,
        "code_chunks": source.code_chunk_count,
        "bytes": source.size_bytes,
        "indexed_at": source.indexed_at.isoformat(),
        "last_accessed_at": source.last_accessed_at.isoformat() if source.access_count else None,
        "access_count": source.access_count,
    }


def _print_table(
    found: list[Source], now: datetime, *, filtered: bool, console: Console | None = None
) -> None:
    from rich.text import Text

    from entrypoints.cli.fitted_table import FitColumn, print_fitted
    from entrypoints.cli.sizes import byte_size

    console = console or stdout_console(highlight=False, soft_wrap=True)
    if not found:
        what = "No source matches." if filtered else "The knowledge base holds no sources yet."
        console.print(what)
        return
    # A label is what --source takes: whole, never cut or folded (records when too long).
    columns = (
        FitColumn("Label", identifying=True),
        FitColumn("Kind", identifying=True),
        FitColumn("Type", min_width=4),
        FitColumn("Sections", identifying=True, justify="right"),
        FitColumn("Size", identifying=True, justify="right"),
        FitColumn("Indexed", min_width=6),
        FitColumn("Last access", min_width=6),
    )
    rows = [
        (
            Text(source.label),  # a label is data, never rich markup
            source.kind.value,
            source.content_type.value,
            f"{source.chunk_count:,}",
            byte_size(source.size_bytes),
            format_age(now - source.indexed_at),
            format_age(now - source.last_accessed_at) if source.access_count else "never",
        )
        for source in found
    ]
    print_fitted(console, columns, rows)
    by_kind = {kind: sum(1 for s in found if s.kind is kind) for kind in SourceKind}
    counts = ", ".join(f"{n} {kind.value}" for kind, n in by_kind.items() if n)
    total = sum(s.size_bytes for s in found)
    sections = sum(s.chunk_count for s in found)
    console.print(
        f"{plural(len(found), 'source')} ({counts}): {plural(sections, 'section')}, "
        f"{byte_size(total)}."
    )
