"""``capy dbsize``: where the knowledge database's bytes go."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated

from cyclopts import Parameter

from application.ports.store_inspector import StoreInspector, StoreSizeReport
from domain.errors import StoreError
from entrypoints.cli.app import app
from entrypoints.cli.console import stdout_console
from entrypoints.cli.options import global_options
from entrypoints.cli.sizes import byte_size
from entrypoints.containers.runtime import RuntimeOptions

if TYPE_CHECKING:
    from rich.console import Console


@app.command
def dbsize(
    *,
    top: Annotated[int, Parameter(help="How many of the largest sources to list.")] = 15,
) -> None:
    """Show the knowledge database's size: per table, per source kind, its largest sources,
    pages, reclaimable free pages (``capy cleanup --vacuum`` reclaims them) and vocabulary.
    """
    from entrypoints.containers.applications import CliContainer

    options = global_options()
    container = CliContainer(
        options=RuntimeOptions(db=options.db, project_dir=options.project_dir, read_only=True)
    )
    path = container.core.project().db_path
    if not path.exists():
        print(f"capy dbsize: no knowledge database at {path} yet")
        return
    try:
        store = container.adapters.knowledge_store()
        if not isinstance(store, StoreInspector):
            raise StoreError("this knowledge store cannot report its size", "")
        report = store.size_report(largest=max(top, 0))
    finally:
        container.shutdown_resources()
    _render(report)


def _render(report: StoreSizeReport, console: Console | None = None) -> None:
    from rich.table import Table
    from rich.text import Text

    from entrypoints.cli.fitted_table import FitColumn, print_fitted

    console = console or stdout_console()
    console.print(Text(str(report.location), style="bold"))  # a path is data, never markup
    overview = Table("", "", show_header=False, box=None)
    overview.add_row("file", byte_size(report.file_bytes))
    overview.add_row("write-ahead log", byte_size(report.wal_bytes))
    overview.add_row("page size", byte_size(report.page_size))
    overview.add_row("pages", f"{report.page_count:,}")
    overview.add_row(
        "free pages", f"{report.free_pages:,} ({byte_size(report.reclaimable_bytes)} reclaimable)"
    )
    overview.add_row("vocabulary", f"{report.vocabulary_size:,} words")
    console.print(overview)

    sized = any(table.size_bytes is not None for table in report.tables)
    columns = ("table", "rows", "size") if sized else ("table", "rows")
    tables = Table(*columns, title="Tables", title_justify="left")
    for table in report.tables:
        size = "n/a" if table.size_bytes is None else byte_size(table.size_bytes)
        tables.add_row(table.name, f"{table.rows:,}", *((size,) if sized else ()))
    console.print(tables)

    kinds = Table("kind", "sources", "chunks", "content", title="By kind", title_justify="left")
    for kind in report.kinds:
        kinds.add_row(
            kind.kind.value, f"{kind.sources:,}", f"{kind.chunks:,}", byte_size(kind.content_bytes)
        )
    console.print(kinds)

    console.print(Text("Largest sources", style="italic"))
    fit = (
        FitColumn("source", identifying=True),  # a label is what --source takes: whole
        FitColumn("kind", identifying=True),
        FitColumn("chunks", identifying=True, justify="right"),
        FitColumn("content", identifying=True, justify="right"),
    )
    rows = [
        (Text(s.label), s.kind.value, f"{s.chunks:,}", byte_size(s.size_bytes))
        for s in report.largest_sources
    ]
    print_fitted(console, fit, rows)
